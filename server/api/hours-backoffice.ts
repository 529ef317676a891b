/**
 * The agency's side of hours (tag backoffice): record the hours the client gives for a mission day, resolve the
 * worker's contest. The worker is mailed once the change is stored, and only when something changed.
 */
import * as v from 'valibot';
import type { HoursDay } from '#domain/api-schema.ts';
import { hoursEntryRules } from '#domain/hours.ts';
import { V } from '#domain/validation-keys.ts';
import { hoursWindow } from '../config.ts';
import { recordHours, resolveContest } from '../services/hours-changes.ts';
import { mailRecorded, mailResolved } from '../services/hours-mail.ts';
import { target } from './backoffice.ts';
import { refuse } from './hours.ts';
import { notify } from './notify.ts';
import { hoursRecordedEvent } from '../services/notification-events.ts';
import { issuesFromValibot } from './issues.ts';
import type { Operations } from './operation.ts';

export const hoursBackofficeOperations = {
  backofficeRecordHours: {
    rules: ({ body }) => issuesFromValibot(v.safeParse(hoursEntryRules, body).issues, (p) => p[0] ?? ''),
    async handle(req) {
      const worker = await target(req);
      const { deps } = req;
      const outcome = await recordHours(deps.db, worker, req.params.mission, req.body, req.now, hoursWindow(deps.config));
      if (outcome.kind !== 'done') refuse(outcome, deps.config);
      if (outcome.changed) {
        await notify(req, hoursRecordedEvent(worker, outcome.day));
        await mailRecorded(deps.mailer, worker, outcome.day, deps.config.publicUrl);
      }
      return req.c.json<HoursDay>(outcome.day, outcome.changed ? 201 : 200);
    },
  },
  backofficeResolveHours: {
    rules: ({ body }) => {
      const { outcome, note } = body;
      return outcome === 'client' && !(note ?? '').trim() ? [{ path: 'note', key: V.hoursNoteRequired }] : [];
    },
    async handle(req) {
      const worker = await target(req);
      const { deps } = req;
      const { body } = req;
      const outcome = await resolveContest(deps.db, worker, req.params.mission, { outcome: body.outcome, note: (body.note ?? '').trim() }, req.now);
      if (outcome.kind !== 'done') refuse(outcome, deps.config);
      if (outcome.changed) await mailResolved(deps.mailer, worker, outcome.day, deps.config.publicUrl);
      return req.c.json<HoursDay>(outcome.day);
    },
  },
} satisfies Partial<Operations>;
