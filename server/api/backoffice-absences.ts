/**
 * The agency's view of absence reports (tag backoffice): the list, newest first, and each certificate as stored
 * (without metadata). Health data: reachable only with the back-office token, never cached.
 */
import type { BackofficeAbsence } from '#domain/api-schema.ts';
import { downloadName } from '#domain/download-names.ts';
import { backofficeView } from '../services/absence-views.ts';
import { certificateBytes, selectReports, type ReportRow } from '../services/absences.ts';
import { normalizeEmail } from '../services/workers.ts';
import { fileResponse } from './documents.ts';
import { notFound } from './errors.ts';
import type { Operations } from './operation.ts';

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

export const backofficeAbsenceOperations = {
  backofficeListAbsences: {
    async handle(req) {
      const worker = req.query.worker;
      const rows = await selectReports<ReportRow & { email: string; name: string }>(
        req.deps.db,
        'JOIN workers w ON w.id = r.worker_id WHERE ($1::text IS NULL OR w.email = $1) ORDER BY r.reported_at DESC, r.id LIMIT 500',
        [worker === undefined ? null : normalizeEmail(worker)],
        "w.email, trim(w.first_name || ' ' || w.last_name) AS name, ",
      );
      return req.c.json<BackofficeAbsence[]>(rows.map((r) => backofficeView(r, req.now)));
    },
  },
  backofficeDownloadCertificate: {
    async handle(req) {
      const found = await certificateBytes(req.deps.db, req.params.report);
      if (!found) throw notFound();
      const { bytes, mediaType, report } = found;
      return fileResponse(req.c, bytes, mediaType, downloadName('certificat', [report.reference, report.date], EXTENSION[mediaType]));
    },
  },
} satisfies Partial<Operations>;
