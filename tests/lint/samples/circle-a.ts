// A lint sample (tests/lint/import-cycle.test.ts): imports nothing on disk; the test lints it with an import of
// circle-b.ts, which imports it back.
export const a = 1;
