/** When the shell may draw the signed-in menus (knowsAccount): not from a nameless restored session's defaults. */
import { describe, expect, it } from 'vitest';
import { knowsAccount, type SessionSnapshot } from '../../machines/session.selectors.ts';

// Only the two parts of the context the rule reads.
const snapshot = (user: { username?: string } | null, info: object | null) => ({ context: { user, info } }) as unknown as SessionSnapshot;

describe('knowsAccount', () => {
  it('a session restored from storage waits for the info; a login or a support session that named the worker does not', () => {
    expect(knowsAccount(snapshot(null, null))).toBe(false);
    expect(knowsAccount(snapshot({}, null))).toBe(false);
    expect(knowsAccount(snapshot({ username: '' }, null))).toBe(false);
    expect(knowsAccount(snapshot({}, { username: 'Anne Dupont' }))).toBe(true);
    expect(knowsAccount(snapshot({ username: 'Anne Dupont' }, null))).toBe(true);
  });
});
