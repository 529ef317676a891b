/**
 * Background work in turns of the event loop: each `next()` resolves in a turn of its own (a setImmediate each, one
 * at a time, in the order asked), so that between two pieces of the work the loop polls again and the requests that
 * came meanwhile are served. For the push sender (push-sender.ts): each push's request is started in a turn of its
 * own; 64 lanes each starting theirs in one turn kept every request waiting for all 64 (record 286).
 */
export function turns() {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const step = () => {
    waiting.shift()?.();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(step);
  };
  return {
    next(): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(step);
        }
      });
    },
  };
}
