/**
 * The agency changes or cancels a mission (tag backoffice, issue 19): services/mission-changes.ts does the work,
 * this answers it and mails the worker once the change is stored.
 */
import type { MissionChangeRequest, MissionChangeResult } from '../../src/api/schema.ts';
import { cancelMission, changeMission, mailChange, type ChangeOutcome } from '../services/mission-changes.ts';
import { workerByEmail, type Worker } from '../services/workers.ts';
import { ApiFailure, notFound } from './errors.ts';
import type { OpRequest, Operations } from './router.ts';

async function target(req: OpRequest): Promise<Worker> {
  const worker = await workerByEmail(req.deps.db, req.params.email as string);
  if (!worker) throw notFound();
  return worker;
}

async function answer(req: OpRequest, worker: Worker, outcome: ChangeOutcome): Promise<Response> {
  if (outcome.kind === 'notFound') throw notFound();
  if (outcome.kind === 'conflict') throw new ApiFailure(409, 'conflict');
  await mailChange(req.deps.mailer, worker, outcome, req.deps.config.publicUrl);
  const { mission, changedAt, changes } = outcome;
  return req.c.json<MissionChangeResult>({
    mission: mission.id,
    reference: mission.reference,
    status: mission.status,
    sequence: mission.sequence,
    changedAt: changedAt?.toISOString() ?? null,
    changes,
  });
}

export const missionChangeOperations = {
  backofficeChangeMission: {
    async handle(req) {
      const worker = await target(req);
      return answer(req, worker, await changeMission(req.deps.db, worker, req.params.mission as string, req.body as MissionChangeRequest, req.now));
    },
  },
  backofficeCancelMission: {
    async handle(req) {
      const worker = await target(req);
      return answer(req, worker, await cancelMission(req.deps.db, worker, req.params.mission as string, req.now));
    },
  },
} satisfies Partial<Operations>;
