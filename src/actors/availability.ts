/**
 * The availability machine with the app's implementations (docs/conventions.md, Machines): the two calls of spec §7, the shared
 * loading overlay while persisting, and the URL kept in step with the month shown.
 *
 * Split in two so that the view never touches the API client: the route builds the calls from its `api`
 * (`availabilityCalls`), the view provides the machine with them and with its own navigation
 * (`provideAvailability`).
 */
import { fromPromise, type SnapshotFrom } from 'xstate';
import { availabilityMachine } from '../../machines/availability.machine.ts';
import type { AvailabilityEdit, AvailabilityMonth, YearMonth } from '../../machines/availability.types.ts';
import type { Api } from '../api/client.ts';

export type AvailabilityCalls = {
  /**
   * GET /user/me/availabilities/{year}/{month}. `saidInPlace`: the caller says a failure itself (the month editor's
   * "copy the previous month" shortcut, availability_copyFailed), so no toast covers the editor beside it.
   */
  load: (month: YearMonth, signal?: AbortSignal, saidInPlace?: boolean) => Promise<AvailabilityMonth>;
  /** POST /user/me/availabilities/{year}/{month} with the edited days (204). */
  save: (month: YearMonth, edits: AvailabilityEdit[], signal?: AbortSignal) => Promise<void>;
};

export function availabilityCalls(api: Api): AvailabilityCalls {
  return {
    load: ({ year, month }, signal, saidInPlace = false) =>
      api.unwrap(
        api.client.GET('/user/me/availabilities/{year}/{month}', {
          params: { path: { year, month } },
          ...(signal ? { signal } : {}),
          ...(saidInPlace ? { middleware: [api.saidInPlace] } : {}),
        }),
      ),
    save: async ({ year, month }, edits, signal) => {
      await api.unwrap(
        api.client.POST('/user/me/availabilities/{year}/{month}', { params: { path: { year, month } }, body: edits, ...(signal ? { signal } : {}) }),
      );
    },
  };
}

/** The machine's invoke of `loadMonth` for the "copy the previous month" shortcut. */
const COPY_INVOKE = 'copyPreviousMonth' satisfies keyof SnapshotFrom<typeof availabilityMachine>['children'];

export type AvailabilityEffects = {
  /** The shared loading overlay (src/ui/overlay-store.ts): `acquire()` returns its release. */
  overlay: { acquire: () => () => void };
  /** The machine moved to another month: mirror it in the URL. */
  monthChanged: (month: YearMonth) => void;
  /** The clock that stamps "saved at" (the machine reads none). */
  now?: () => Date;
};

/**
 * The machine ready to run, plus `release()` for the view's unmount: stopping an actor runs no exit action, so
 * an overlay held by a save in flight is let go there.
 */
export function provideAvailability(calls: AvailabilityCalls, effects: AvailabilityEffects) {
  let held: (() => void) | null = null;
  const release = () => {
    held?.();
    held = null;
  };
  const logic = availabilityMachine.provide({
    actors: {
      // Invoked as `copyPreviousMonth` too (the machine's `children`): that one's failure the editor says in place.
      loadMonth: fromPromise<AvailabilityMonth, YearMonth>(({ input, signal, self }) => calls.load(input, signal, self.id === COPY_INVOKE)),
      saveMonth: fromPromise<{ savedAt: string }, YearMonth & { edits: AvailabilityEdit[] }>(async ({ input, signal }) => {
        await calls.save({ year: input.year, month: input.month }, input.edits, signal);
        return { savedAt: (effects.now?.() ?? new Date()).toISOString() };
      }),
    },
    actions: {
      showOverlay: () => {
        release();
        held = effects.overlay.acquire();
      },
      hideOverlay: release,
      monthChanged: ({ context }) => effects.monthChanged({ year: context.year, month: context.month }),
    },
  });
  return { logic, release };
}
