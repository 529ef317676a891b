/**
 * vitest's file filters of the PostgreSQL run (npm test's server-pg layer, npm run test:server:pg): the server suite,
 * and the reliability tests that need PostgreSQL (tests/reliability/*.pg.test.ts: they skip on PGlite).
 */
export const SERVER_PG_FILES = ['tests/server', '.pg.test.ts'];

/**
 * The server files that run on PGlite too when the PostgreSQL run follows (CI): those whose subject is how the store
 * itself behaves, where PGlite (one transaction at a time, a data folder of its own) and PostgreSQL (concurrent
 * transactions, a pool) differ. Every other server file exercises the same SQL through the same code on either store,
 * so CI runs it once, on PostgreSQL (docs/decisions/280-server-suite-once-on-ci.md). Without TEST_DATABASE_URL (the
 * everyday `npm test`) the whole server suite runs on PGlite.
 */
export const SERVER_FILES_ON_BOTH = [
  'concurrency', // the same write twice at once, stored once
  'idempotency', // a repeated request after a lost answer
  'offers-race', // twenty workers and the last place
  'offer-staffing', // places, overlaps and quotas in one transaction
  'login-limits', // parallel guesses against the limit
  'persistence', // a file-backed PGlite across a restart
  'push-restart', // the push outbox across a restart on one data folder
  'session-cache', // the hot path's session cache on PGlite
  'uploads', // files and their rows written together
].map((name) => `tests/server/${name}.test.ts`);
