/** The stored user of spec §3/§9 as the session's `restoreUser` reads it, and where agreeing to the policies leads. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { landingAfterPolicies } from '../../machines/session.selectors.ts';
import { UnreadableStoredUser, readStoredUser, sessionActors, storedUserOf } from '../../src/actors/session-actors.ts';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import type { Api } from '../../src/api/client.ts';
import { createStorage } from '../../src/storage.ts';
import { INFO, USER } from '../support/portal.tsx';
import { MemoryStorage } from '../support/memory-storage.ts';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');
const store = () => createStorage({ local: new MemoryStorage(), session: new MemoryStorage(), now: () => NOW });

describe('readStoredUser', () => {
  it('nothing stored: nobody', () => {
    expect(readStoredUser(store(), NOW)).toBeNull();
  });

  it('a stored user whose token is still valid comes back as it was stored, without name or address (decision 075)', () => {
    const s = store();
    s.set(SESSION_KEYS.user, storedUserOf(USER));
    expect(readStoredUser(s, NOW)).toEqual({ ...USER, username: '', email: '' });
  });

  it('only the token and the flags are stored: no name, no e-mail address', () => {
    expect(Object.keys(storedUserOf(USER)).sort()).toEqual([
      'blockAccessToDetailsPage',
      'details',
      'expiresAt',
      'hasEmailBeenValidated',
      'locale',
      'newAccount',
      'shouldRedirectToDetailsPage',
      'signatureStatus',
      'statute',
      'token',
    ]);
  });

  it('a token past its expiry: nobody, and the entry goes', () => {
    const s = store();
    s.set(SESSION_KEYS.user, { ...storedUserOf(USER), expiresAt: '2026-03-01T09:59:59.000Z' });
    expect(readStoredUser(s, NOW)).toBeNull();
    expect(s.get(SESSION_KEYS.user, (v) => v)).toBeUndefined();
  });

  it.each([
    ['another shape (no token)', { ...storedUserOf(USER), token: undefined }],
    ['an older entry that still holds the name and e-mail', USER],
    ['a tampered statute', { ...USER, statute: 9 }],
    ['not an object', 'Anne'],
  ])('%s: rejects (the session drops it)', (_, value) => {
    const s = store();
    s.set(SESSION_KEYS.user, value);
    expect(() => readStoredUser(s, NOW)).toThrow(UnreadableStoredUser);
  });
});

describe('restoreUser in the session', () => {
  it('an unreadable stored user: signed out, and the storage of the session cleared', async () => {
    const s = store();
    s.set(SESSION_KEYS.user, { token: 'short' });
    s.set(SESSION_KEYS.email, 'anne@example.be');
    const logic = sessionMachine.provide({
      actors: { restoreUser: sessionActors({} as Api, s).restoreUser },
      actions: { clearStoredUser: () => s.clear({ keep: [SESSION_KEYS.email] }) },
    });
    const actor = createActor(logic).start();
    const snapshot = await waitFor(actor, (x) => x.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(s.get(SESSION_KEYS.user, (v) => v)).toBeUndefined();
    expect(s.get(SESSION_KEYS.email, (v) => v)).toBe('anne@example.be');
  });

  it('reads the logged-out flag once', async () => {
    const s = store();
    s.set(SESSION_KEYS.loggedOut, true, { session: true });
    const restore = sessionActors({} as Api, s).restoreUser;
    expect(await toPromise(createActor(restore).start())).toEqual({ user: null, loggedOut: true });
    expect(await toPromise(createActor(restore).start())).toEqual({ user: null, loggedOut: false });
  });
});

describe('landingAfterPolicies', () => {
  async function settledWith(info: GeneralInfo | Error) {
    const logic = sessionMachine.provide({
      actors: {
        restoreUser: fromPromise<RestoreOutput>(async () => ({ user: USER, loggedOut: false })),
        loadInfo: fromPromise(async () => {
          if (info instanceof Error) throw info;
          return info;
        }),
      },
    });
    const actor = createActor(logic).start();
    return waitFor(actor, (x) => !x.hasTag('pending'));
  }

  it.each([
    ['the file is empty: the details file', INFO.detailsEmpty, '/employee-details'],
    ['under review: home', INFO.detailsPending, '/home'],
    ['approved: home', INFO.open, '/home'],
    ['still not agreed: stay', INFO.policiesMissing, null],
  ] as const)('%s', async (_, info, landing) => {
    expect(landingAfterPolicies(await settledWith(info))).toBe(landing);
  });

  it('the info could not be read (empty info): stay', async () => {
    expect(landingAfterPolicies(await settledWith(new Error('500')))).toBeNull();
  });
});
