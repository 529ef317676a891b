/**
 * vitest's file filters of the PostgreSQL run (npm test's server-pg layer, npm run test:server:pg): the server suite,
 * and the reliability tests that need PostgreSQL (tests/reliability/*.pg.test.ts: they skip on PGlite).
 */
export const SERVER_PG_FILES = ['tests/server', '.pg.test.ts'];
