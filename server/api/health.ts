/**
 * The probes of a load balancer or an orchestrator (tag health): liveness answers while the process runs; readiness
 * answers 200 only when the database answered a query within READY_TIMEOUT_MS and the server is not stopping. No
 * token, no personal data. docs/decisions/181-drain-on-sigterm.md.
 */
import type { HealthStatus } from '#domain/api-schema.ts';
import type { Db } from '../storage/db.ts';
import type { Operations } from './operation.ts';

/** A probe should answer quickly; a database slower than this is as good as away for new requests. */
const READY_TIMEOUT_MS = 1_000;

async function answersWithin(db: Db, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const answered = db.query('SELECT 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthOperations = {
  getLiveness: {
    handle: (req) => req.c.json<HealthStatus>({ status: 'live' }),
  },
  getReadiness: {
    async handle(req) {
      if (req.deps.health.draining) return req.c.json<HealthStatus>({ status: 'draining' }, 503);
      // Asked again after the database, in case a stop began while it answered.
      const ready = (await answersWithin(req.deps.db, READY_TIMEOUT_MS)) && !req.deps.health.draining;
      if (ready) return req.c.json<HealthStatus>({ status: 'ready' });
      return req.c.json<HealthStatus>({ status: req.deps.health.draining ? 'draining' : 'database_unavailable' }, 503);
    },
  },
} satisfies Partial<Operations>;
