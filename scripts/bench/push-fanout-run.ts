/**
 * `npx tsx scripts/bench/push-fanout-run.ts`: only the push fan-out of `npm run bench` (push-fanout.ts), printed,
 * docs/benchmark.md untouched. On PostgreSQL: `scripts/with-postgres.sh npx tsx scripts/bench/push-fanout-run.ts`.
 */
import { pushFanout, pushFanoutSection } from './push-fanout.ts';

console.log(pushFanoutSection(await pushFanout()));
