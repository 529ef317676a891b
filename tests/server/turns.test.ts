/**
 * The push sender's turns (server/services/turns.ts): each piece of background work in a turn of the event loop of
 * its own, in the order asked, so that what arrives meanwhile (a request's I/O, here a timer and an immediate queued
 * between two) is served between them, not after them all.
 */
import { describe, expect, it } from 'vitest';
import { turns } from '../../server/services/turns.ts';

describe('turns of the event loop', () => {
  it('one piece a turn, in order, the work of others between two', async () => {
    const turn = turns();
    const seen: string[] = [];
    const piece = async (name: string) => {
      await turn.next();
      seen.push(name);
      setImmediate(() => seen.push(`after ${name}`));
    };
    await Promise.all(['a', 'b', 'c'].map(piece));
    await new Promise((resolve) => setImmediate(resolve));
    // In order; what a piece queued runs before the piece after next: not every piece in one turn, then the rest.
    expect(seen.filter((name) => !name.startsWith('after'))).toEqual(['a', 'b', 'c']);
    expect(seen.indexOf('after a')).toBeLessThan(seen.indexOf('c'));
  });

  it('a timer due meanwhile fires between two pieces, not after the last', async () => {
    const turn = turns();
    const seen: string[] = [];
    setTimeout(() => seen.push('timer'), 0);
    // Long enough that the timer is due before the second piece.
    const busy = () => {
      const until = performance.now() + 3;
      while (performance.now() < until);
    };
    await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        await turn.next();
        busy();
        seen.push(String(i));
      }),
    );
    expect(seen.indexOf('timer')).toBeGreaterThan(-1);
    expect(seen.indexOf('timer')).toBeLessThan(seen.length - 1);
  });

  it('a later round starts again once the queue was empty', async () => {
    const turn = turns();
    await turn.next();
    await turn.next();
    const seen: number[] = [];
    await Promise.all([1, 2].map(async (n) => (await turn.next(), seen.push(n))));
    expect(seen).toEqual([1, 2]);
  });
});
