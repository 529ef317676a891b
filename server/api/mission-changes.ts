/**
 * The agency changes or cancels a mission (tag backoffice, §13): services/mission-changes.ts does the work,
 * this answers it and mails the worker once the change is stored.
 */
import type { MissionChangeResult } from '#domain/api-schema.ts';
import { cancelMission, changeMission, mailChange, type ChangeOutcome } from '../services/mission-changes.ts';
import type { Worker } from '../services/workers.ts';
import { target } from './backoffice.ts';
import { missionEvent } from '../services/notification-events.ts';
import { ApiFailure, notFound } from './errors.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';

async function answer(req: AnyRequest, worker: Worker, outcome: ChangeOutcome): Promise<Response> {
  if (outcome.kind === 'notFound') throw notFound();
  if (outcome.kind === 'conflict') throw new ApiFailure(409, 'conflict');
  await notify(req, missionEvent(worker, outcome, req.now));
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
      return answer(req, worker, await changeMission(req.deps.db, worker, req.params.mission, req.body, req.now));
    },
  },
  backofficeCancelMission: {
    async handle(req) {
      const worker = await target(req);
      return answer(req, worker, await cancelMission(req.deps.db, worker, req.params.mission, req.now));
    },
  },
} satisfies Partial<Operations>;
