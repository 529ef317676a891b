/**
 * A key for a page whose machine takes the router loader's answer as its input (hours, one offer, an absence). Such a
 * machine reads its input once; when the loader reads again (a fresh answer replaced the kept copy shown,
 * docs/decisions/241-kept-answers.md, or the gate ran again), the router gives the page a new answer object, and this
 * key changes with it, so the machine starts again from what the server says now.
 * Keyed by the object itself, not by a count of refreshes: the loader's new answer may reach the page after the
 * refresh has ended (its chunk, React's batching), and a count would then start the machine on the old answer.
 */
const keys = new WeakMap<object, number>();
let last = 0;

/** The same number for the same answer object, a new one for each new answer. */
export function loaderAnswerKey(answer: object): number {
  let key = keys.get(answer);
  if (key === undefined) keys.set(answer, (key = ++last));
  return key;
}
