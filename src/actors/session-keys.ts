/**
 * Storage keys of the session (the locale preference lives in src/i18n/locale.ts and survives logout). Apart from
 * session-actors.ts so that the entry (src/early-calls.ts) reads the stored sign-in without loading xstate.
 */
export const SESSION_KEYS = { user: 'currentUser', email: 'loginEmail', loggedOut: 'loggedOutNotice' } as const;
