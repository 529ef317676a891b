/**
 * The app's clock (docs/decisions/225-deadlines-are-states.md): the time the screens count from, and the clock the
 * machines' delayed transitions run on (`createActor(logic, { clock: appClock })`; machines/clock.ts). A delay is
 * waited for in steps of at most a minute, each reading the wall clock again: a step that a sleeping phone held back
 * only delays the end by that step, a delay longer than a browser timer can hold (2^31 − 1 ms, about 24.8 days)
 * still ends when its time has come, and never before.
 */
import { useEffect, useState } from 'react';
import type { MachineClock } from '../machines/clock.ts';

const STEP_MS = 60_000;

type Handle = { timer: ReturnType<typeof setTimeout> | undefined };

export const appClock: MachineClock = {
  now: () => Date.now(),
  setTimeout(fn, delay) {
    const at = Date.now() + Math.max(0, delay);
    const handle: Handle = { timer: undefined };
    const wait = () => {
      const left = at - Date.now();
      if (left <= 0) fn();
      else handle.timer = setTimeout(wait, Math.min(left, STEP_MS));
    };
    handle.timer = setTimeout(wait, Math.min(Math.max(0, delay), STEP_MS));
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout((handle as Handle).timer);
  },
};

/**
 * The time a screen counts from ("in 12 minutes"): read again every minute, and at each of `moments` (ISO instants:
 * the deadlines it shows) as it comes, so that what depends on a deadline changes at the deadline itself.
 */
export function useNow(moments: readonly string[] = [], clock: MachineClock = appClock): number {
  const [now, setNow] = useState(() => clock.now());
  const key = moments.join(' ');
  useEffect(() => {
    const soonest = Math.min(
      ...key
        .split(' ')
        .filter(Boolean)
        .map(Date.parse)
        .filter((at) => at > now),
    );
    const handle = clock.setTimeout(() => setNow(clock.now()), Math.min(STEP_MS, soonest - now));
    return () => clock.clearTimeout(handle);
  }, [now, key, clock]);
  return now;
}
