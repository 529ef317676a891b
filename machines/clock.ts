/**
 * The time the machines' delayed transitions read (a deadline that passes while a page is open:
 * docs/decisions/225-deadlines-are-states.md). An actor's `clock` option (xstate's) schedules its delayed events;
 * a machine clock also tells the time, so the delay until a deadline is measured on the very clock that fires it.
 * The app gives its actors the real one (src/clock.ts), the tests a controlled one (xstate's SimulatedClock).
 */
/** xstate's Clock: it schedules and cancels the delayed events of an actor's system. */
type Clock = { setTimeout(fn: () => void, timeout: number): unknown; clearTimeout(id: unknown): void };

/** xstate's Clock (it schedules and cancels delayed events) that also tells the time, in milliseconds since 1970. */
export type MachineClock = Clock & { now(): number };

/**
 * The time on the clock of an actor's system. xstate's own default clock only schedules: an actor made without a
 * telling clock (the graph tools' pure transitions among them) reads the wall clock.
 */
export function clockNow(system: { _clock: Clock }): number {
  // `_clock` is the system's clock as given to createActor (xstate's ActorSystem type declares it).
  const clock = system._clock as Partial<MachineClock>;
  return typeof clock.now === 'function' ? clock.now() : Date.now();
}

/** The milliseconds from `now` until an instant (an ISO date-time); 0 once it has passed. */
export const msUntil = (instant: string, now: number): number => Math.max(0, Date.parse(instant) - now);
