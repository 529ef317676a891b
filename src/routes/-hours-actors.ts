/**
 * Starts the hours page's actors (actors start in routes: docs/decisions/171-actors-start-in-routes.md): the
 * selection's, and one per listed day (docs/decisions/197-hours-machines.md). A day read again with other hours or
 * another status gets a new actor (`dayActorKey`); a day no longer listed stops its actor, and so do all of them
 * when the page goes. The selection's logic finds each running day's actor by mission (a confirmation of several
 * tells each). Route-private: the '-' prefix keeps this file out of the route tree.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { createActor } from 'xstate';
import { dayActorKey, type HoursDayActor } from '../../machines/hours-day.selectors.ts';
import type { HoursSelectionActor } from '../../machines/hours-selection.selectors.ts';
import type { HoursDay } from '../../machines/hours.types.ts';
import type { createHoursDayLogic, createHoursSelectionLogic } from '../actors/hours.ts';
import { devInspect } from '../dev/inspector.ts';

export type HoursDayLogic = ReturnType<typeof createHoursDayLogic>;
export type HoursSelectionLogic = ReturnType<typeof createHoursSelectionLogic>;

export type HoursActorsOptions = {
  /** The days of the period (null when they could not be read). */
  days: readonly HoursDay[] | null;
  /** The day machine with the app's calls. */
  dayLogic: HoursDayLogic;
  /** The selection machine with the app's calls, given the running day actors by mission (keep it stable). */
  selectionLogic: (dayActors: ReadonlyMap<string, HoursDayActor>) => HoursSelectionLogic;
};

export type HoursActors = {
  selection: HoursSelectionActor;
  /** The actor of a listed day (the same one while its mission, version and status stay). */
  dayActor: (day: HoursDay) => HoursDayActor;
};

/** The day actors of the page, by `dayActorKey`: created idle when a day is first rendered, run while it is listed. */
class DayActors {
  private readonly byKey = new Map<string, { actor: HoursDayActor; mission: string }>();
  private shown = 0;

  constructor(private readonly byMission: Map<string, HoursDayActor>) {}

  actorFor(logic: HoursDayLogic, day: HoursDay): HoursDayActor {
    const key = dayActorKey(day);
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { actor: createActor(logic, { input: { day }, ...devInspect }), mission: day.mission };
      this.byKey.set(key, entry);
    }
    return entry.actor;
  }

  /** After a render is on screen: the listed days' actors run and are found by mission; the others stop. */
  show(listed: readonly HoursDayActor[]) {
    this.shown += 1;
    const keep = new Set(listed);
    for (const [key, entry] of this.byKey) {
      if (keep.has(entry.actor)) continue;
      entry.actor.stop();
      this.byKey.delete(key);
      if (this.byMission.get(entry.mission) === entry.actor) this.byMission.delete(entry.mission);
    }
    for (const entry of this.byKey.values()) {
      entry.actor.start();
      this.byMission.set(entry.mission, entry.actor);
    }
  }

  /**
   * The page let go of the list: everything stops, unless it is shown again at once (React runs an effect's cleanup
   * before running it with the new list, and StrictMode runs a new effect, its cleanup and itself again in a row;
   * a stopped actor cannot start again).
   */
  leave() {
    const shown = this.shown;
    queueMicrotask(() => {
      if (this.shown === shown) this.show([]);
    });
  }
}

export function useHoursActors({ days, dayLogic, selectionLogic }: HoursActorsOptions): HoursActors {
  const [byMission] = useState(() => new Map<string, HoursDayActor>());
  const logic = useMemo(() => selectionLogic(byMission), [selectionLogic, byMission]);
  const selection = useActorRef(logic, { ...devInspect });
  const [pool] = useState(() => new DayActors(byMission));
  const listed = useMemo(() => (days ?? []).map((day) => pool.actorFor(dayLogic, day)), [days, dayLogic, pool]);
  useEffect(() => {
    pool.show(listed);
    return () => pool.leave();
  }, [pool, listed]);
  const dayActor = useCallback((day: HoursDay) => pool.actorFor(dayLogic, day), [pool, dayLogic]);
  return { selection, dayActor };
}
