/**
 * Which paths of the session machine's model the portal's UI can walk, and the server-side stage of the worker
 * each general info answer needs (e2e/model/session.spec.ts).
 *
 * The model (tests/machines/fixtures/session.ts) lets every event happen wherever the machine accepts it; a worker
 * can only do what a page offers. A path is walkable when every step is a gesture the UI has at that point and
 * every info answer is one the reference server can give for the worker at that moment (a worker's file only
 * moves forward: registered → policies agreed → details submitted → approved).
 *
 * An impersonation link is a page load (the address bar, a link from the back-office), possible at any moment: the
 * new page restores whoever is stored, settles, then sends the token, so the transition it walks is the one the
 * model names (signedOut's or signedIn's `session.impersonate`, both defined on the parent state).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';

export type Stage = 'registered' | 'policiesAgreed' | 'detailsSubmitted' | 'approved';
export const STAGES: readonly Stage[] = ['registered', 'policiesAgreed', 'detailsSubmitted', 'approved'];
export const rank = (stage: Stage) => STAGES.indexOf(stage);

type Info = { agreedWithGdprPolicy?: boolean; agreedToLabourRegulations?: boolean; employeeDetailsStatus?: string };
type Step = { event: EventObject; state: AnyMachineSnapshot };
export type WalkPath = { steps: ReadonlyArray<Step> };

/** The stage of a worker for which GET /user/me/info answers `info` (as far as the gate is concerned). */
export function stageOf(info: Info): Stage {
  if (!(info.agreedWithGdprPolicy && info.agreedToLabourRegulations)) return 'registered';
  if (info.employeeDetailsStatus === 'empty') return 'policiesAgreed';
  if (info.employeeDetailsStatus === 'pending review') return 'detailsSubmitted';
  return 'approved';
}

export const isInfoDone = (event: EventObject): event is EventObject & { output: Info } =>
  event.type === 'xstate.done.actor.loadInfo' || event.type === 'xstate.done.actor.arrivalInfo';

/** A step that signs a (new) worker in: from here on the server stage is that worker's. */
export const startsSignIn = (event: EventObject) =>
  event.type === 'session.login' ||
  event.type === 'session.impersonate' ||
  (event.type === 'xstate.done.actor.restoreUser' && (event as { output?: { user?: unknown } }).output?.user != null);

/** The stage a worker signed in at step `index` must have: the one its first info answer shows (else the first). */
export function initialStage(path: WalkPath, index: number): Stage {
  for (let i = index + 1; i < path.steps.length; i++) {
    const event = path.steps[i]!.event;
    if (startsSignIn(event)) break;
    if (isInfoDone(event)) return stageOf(event.output);
  }
  return 'registered';
}

/** Why the UI cannot walk this path, or null when it can. */
export function uiObstacle(path: WalkPath): string | null {
  let stage: Stage | null = null;
  for (let i = 1; i < path.steps.length; i++) {
    const { event } = path.steps[i]!;
    const before = path.steps[i - 1]!;
    switch (event.type) {
      case 'session.detailsSubmitted':
        // Sent by the details wizard (another issue's screen): its own e2e walks it.
        return 'the details wizard sends session.detailsSubmitted';
      case 'session.policiesAgreed':
        if (!before.state.matches({ signedIn: 'policiesRequired' })) return 'the policies form shows only while the policies are required';
        stage = 'policiesAgreed';
        break;
      case 'session.refreshInfo':
        // The one gesture that refreshes the info: opening the details file while it is under review (§5 rule 4).
        if (!before.state.matches({ signedIn: 'detailsUnderReview' })) return 'the info is refreshed only by gate rule 4 (file under review)';
        break;
      case 'session.logout':
        // A restored session shows no page (so no user menu) until its info is read.
        if (before.state.matches({ signedIn: 'loadingInfo' }) && before.event.type === 'xstate.done.actor.restoreUser')
          return 'no page is shown while a restored session reads its info';
        break;
      default:
        if (startsSignIn(event)) stage = null;
        if (isInfoDone(event)) {
          const needed = stageOf(event.output);
          if (stage !== null && rank(needed) < rank(stage)) return `the server cannot move a worker back from ${stage} to ${needed}`;
          stage = needed;
        }
    }
  }
  return null;
}

/** A readable test name: each event, with what an outcome said (the gate state of an info, who a restore found). */
export function describePath(path: WalkPath): string {
  const events = path.steps.slice(1).map(({ event }) => {
    const name = event.type.replace(/^xstate\.done\.actor\./, 'done:').replace(/^xstate\.error\.actor\./, 'error:');
    if (isInfoDone(event)) return `${name}(${stageOf(event.output)})`;
    if (event.type === 'xstate.done.actor.restoreUser') {
      const output = (event as EventObject & { output: { user: unknown; loggedOut: boolean } }).output;
      return `${name}(${output.user ? 'stored user' : output.loggedOut ? 'after logout' : 'nobody'})`;
    }
    if (event.type === 'session.login') return `${name}(${(event as EventObject & { remember: boolean }).remember ? 'remember' : 'once'})`;
    return name;
  });
  return `${JSON.stringify(path.steps.at(-1)!.state.value)} ⇐ ${events.join(' → ')}`;
}
