// A lint sample (tests/lint/import-cycle.test.ts): imports circle-a.ts, which the test makes import this file back.
import { a } from './circle-a.ts';

export const b = a + 1;
