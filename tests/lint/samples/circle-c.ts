// A lint sample (tests/lint/import-cycle.test.ts): a longer way back to circle-a.ts, through circle-b.ts.
import { b } from './circle-b.ts';

export const c = b + 1;
