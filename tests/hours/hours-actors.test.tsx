// @vitest-environment jsdom
/**
 * The hours page's actors as its route starts them (src/routes/-hours-actors.ts), under StrictMode as in the app: one
 * running actor per listed day, found by mission for a confirmation of several; a day read again with other hours
 * gets a new actor and the old one stops; leaving the page stops them all.
 */
import { StrictMode, type ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { hoursDayMachine } from '../../machines/hours-day.machine.ts';
import { dayView, type HoursDayActor } from '../../machines/hours-day.selectors.ts';
import { hoursSelectionMachine } from '../../machines/hours-selection.machine.ts';
import type { HoursDay } from '../../machines/hours.types.ts';
import { useHoursActors } from '../../src/routes/-hours-actors.ts';
import { dayOf } from '../machines/fixtures/hours.ts';

// No call answers: these tests are about when the actors run, not what they ask.
const never = () => new Promise<HoursDay>(() => {});
const dayLogic = hoursDayMachine.provide({ actors: { confirmDay: fromPromise(never), contestDay: fromPromise(never), loadDay: fromPromise(never) } });
const selectionLogic = hoursSelectionMachine.provide({ actors: { confirmDays: fromPromise(() => new Promise<HoursDay[]>(() => {})) } });

function renderActors(days: readonly HoursDay[]) {
  let byMission: ReadonlyMap<string, HoursDayActor> = new Map();
  const selectionFor = (dayActors: ReadonlyMap<string, HoursDayActor>) => {
    byMission = dayActors;
    return selectionLogic;
  };
  const view = renderHook((props: { days: readonly HoursDay[] }) => useHoursActors({ days: props.days, dayLogic, selectionLogic: selectionFor }), {
    initialProps: { days },
    wrapper: ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>,
  });
  return { ...view, byMission: () => byMission };
}

/** A running actor takes the event at once; an idle one would queue it, a stopped one would drop it. */
function confirmsAtOnce(actor: HoursDayActor, day: HoursDay) {
  actor.send({ type: 'day.confirmedWithOthers', day: { ...day, status: 'confirmed' } });
  return dayView(actor.getSnapshot()) === 'confirmed';
}

describe('the hours page’s actors', () => {
  it('run one per listed day, found by mission; a day read again gets a new actor and the old one stops', async () => {
    const [m1, m2] = [dayOf('m1'), dayOf('m2')];
    const { result, rerender, byMission } = renderActors([m1, m2]);
    const first = result.current.dayActor(m1);
    expect([...byMission().keys()]).toEqual(['m1', 'm2']);
    expect(byMission().get('m1')).toBe(first);
    await Promise.resolve(); // StrictMode's second run of the effect must have kept them running
    expect(result.current.dayActor(dayOf('m1'))).toBe(first);

    const again = dayOf('m1', 'toConfirm', 2);
    rerender({ days: [again, m2] });
    await Promise.resolve();
    const second = result.current.dayActor(again);
    expect(second).not.toBe(first);
    expect(byMission().get('m1')).toBe(second);
    expect(first.getSnapshot().status).toBe('stopped');
    expect(confirmsAtOnce(second, again)).toBe(true);
    expect(confirmsAtOnce(byMission().get('m2')!, m2)).toBe(true);
  });

  it('stop when the page goes', async () => {
    const m1 = dayOf('m1');
    const { result, unmount, byMission } = renderActors([m1]);
    const actor = result.current.dayActor(m1);
    unmount();
    await Promise.resolve();
    expect(byMission().size).toBe(0);
    expect(actor.getSnapshot().status).toBe('stopped');
  });
});
