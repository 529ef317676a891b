/**
 * Documents of the signed-in worker (tag documents): the signing list and the signing requests with their
 * evidence, the overviews, and the downloads (tag downloads). Another worker's mission or document is a 404.
 */
import type { Context } from 'hono';
import type { ContractOverviewItem, SigningItem } from '#domain/api-schema.ts';
import { V } from '#domain/validation-keys.ts';
import { t } from '../i18n.ts';
import { c4Pdf, planningPdf, workedDaysPdf } from '../pdf/documents.ts';
import { brusselsToday } from '#domain/period.ts';
import { downloadName, monthOfDay } from '#domain/download-names.ts';
import { randomId, sha256Hex } from '../services/crypto.ts';
import { calendarAbsences } from '../services/absence-views.ts';
import { planningCalendar } from '../services/ics.ts';
import { missionsFromOffers } from '../services/offers.ts';
import { contractBytes, documentNames, missionsOf, ownMission, type Mission } from '../services/missions.ts';
import { ApiFailure, assertDistinct, notFound } from './errors.ts';
import { approvedAccount, canSign, documentsAllowed, me } from './guards.ts';
import type { Operations, QueryParams } from './operation.ts';

const signingItem = (m: Mission, comment = '', checked = false): SigningItem => ({
  mission: m.id,
  job: m.job,
  date: m.date,
  start: m.start,
  end: m.end,
  reference: m.reference,
  km: m.km,
  comment,
  checked,
  signingRequested: m.signing_requested,
});

/** A file answer; the name (domain/download-names.ts) is ASCII-safe in `filename` and exact in `filename*` (RFC 6266). */
export function fileResponse(c: Context, bytes: Uint8Array | string, type: string, name: string): Response {
  const ascii = name.normalize('NFD').replace(/[^\w.-]+/g, '_');
  return c.body(typeof bytes === 'string' ? bytes : new Uint8Array(bytes), 200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'no-store',
  });
}

/** A period of the attest and C4 downloads: its start may not come after its end. */
const periodRule = ({ query }: { query: QueryParams<'downloadWorkedDaysAttest' | 'downloadC4'> }) =>
  query.start > query.end ? [{ path: 'end', key: V.periodOrder }] : [];

export const documentOperations = {
  getDocumentsToSign: {
    guard: documentsAllowed,
    async handle(req) {
      // The completed missions (spec §2), and those taken from an offer from the start: signed before the work (decision 193).
      const today = brusselsToday(req.now);
      const fromOffers = await missionsFromOffers(req.deps.db, me(req).id);
      const missions = (await missionsOf(req.deps.db, me(req).id)).filter((m) => m.date <= today || fromOffers.has(m.id));
      return req.c.json<SigningItem[]>(
        missions
          .filter((m) => !m.signing_requested)
          .slice(0, 1000)
          .map((m) => signingItem(m)),
      );
    },
  },
  markForSigning: {
    guard: canSign,
    async handle(req) {
      const items = req.body;
      assertDistinct(items, (i) => i.mission);
      const worker = me(req);
      const today = brusselsToday(req.now);
      const userAgent = (req.c.req.header('User-Agent') ?? '').slice(0, 500);
      const signed = await req.deps.db.transaction(async (tx) => {
        const out: SigningItem[] = [];
        const fromOffers = await missionsFromOffers(tx, worker.id);
        for (const item of items) {
          const mission = await ownMission(tx, worker.id, item.mission);
          if (!mission || mission.signing_requested || (mission.date > today && !fromOffers.has(mission.id))) throw notFound();
          // A cancelled mission is not worked: its contract cannot be signed (§13); the list leaves it out.
          if (mission.status === 'cancelled') throw new ApiFailure(409, 'mission_cancelled');
          // Claim the mission first: on PostgreSQL two requests for one mission run at once (a double click, a
          // retry), and only one of them may find it unrequested; the other waits for the row, then finds none.
          const claimed = await tx.query('UPDATE missions SET signing_requested = true WHERE id = $1 AND NOT signing_requested RETURNING id', [mission.id]);
          if (claimed.length === 0) throw notFound();
          // The evidence hashes the very bytes the download serves (stored once, at mission creation).
          const bytes = await contractBytes(tx, worker.id, mission.id);
          await tx.query(
            `INSERT INTO signing_requests (id, mission_id, worker_id, comment, requested_at, client_address, user_agent, contract_sha256, signature_value)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [randomId(16), mission.id, worker.id, item.comment, req.now, req.clientAddress, userAgent, sha256Hex(bytes!), worker.signature_value],
          );
          out.push(signingItem({ ...mission, signing_requested: true }, item.comment, true));
        }
        return out;
      });
      return req.c.json<SigningItem[]>(signed);
    },
  },
  getPayslipOverview: {
    guard: documentsAllowed,
    async handle(req) {
      return req.c.json<string[]>((await documentNames(req.deps.db, me(req).id, 'payslip')).slice(0, 1000).map((r) => r.name));
    },
  },
  getFiscalYearOverview: {
    guard: documentsAllowed,
    async handle(req) {
      return req.c.json<string[]>((await documentNames(req.deps.db, me(req).id, 'fiscal-year')).slice(0, 1000).map((r) => r.name));
    },
  },
  getContractsOverview: {
    guard: documentsAllowed,
    async handle(req) {
      const missions = (await missionsOf(req.deps.db, me(req).id)).reverse().slice(0, 1000);
      return req.c.json<ContractOverviewItem[]>(
        missions.map((m) => ({ mission: m.id, job: m.job, date: m.date, start: m.start, end: m.end, reference: m.reference, allowPrint: m.allow_print })),
      );
    },
  },
  downloadLegalDocument: {
    guard: documentsAllowed,
    async handle(req) {
      const name = req.query.file;
      const worker = me(req);
      const rows = await req.deps.db.query<{ pdf: Uint8Array; kind: string; year: number; month: number | null }>(
        'SELECT pdf, kind, year, month FROM documents WHERE worker_id = $1 AND name = $2',
        [worker.id, name],
      );
      const doc = rows[0];
      if (!doc) throw notFound('document_not_found');
      const file =
        doc.kind === 'payslip'
          ? downloadName(t(worker.locale, 'pdf_payslipFileName'), [`${doc.year}-${String(doc.month).padStart(2, '0')}`], 'pdf')
          : downloadName(t(worker.locale, 'pdf_fiscalFileName'), [doc.year], 'pdf');
      return fileResponse(req.c, doc.pdf, 'application/pdf', file);
    },
  },
  downloadWorkedDaysAttest: {
    guard: documentsAllowed,
    rules: periodRule,
    async handle(req) {
      const worker = me(req);
      const { start, end } = req.query;
      const missions = await missionsOf(req.deps.db, worker.id, { from: start, to: end });
      const bytes = await workedDaysPdf(worker, { start, end }, missions, req.now);
      return fileResponse(req.c, bytes, 'application/pdf', downloadName(t(worker.locale, 'pdf_workedDaysFileName'), [start, end], 'pdf'));
    },
  },
  downloadC4: {
    guard: documentsAllowed,
    rules: periodRule,
    async handle(req) {
      const worker = me(req);
      const { start, end } = req.query;
      const missions = await missionsOf(req.deps.db, worker.id, { from: start, to: end });
      if (missions.length === 0) throw new ApiFailure(404, 'no_c4_for_period');
      const bytes = await c4Pdf(worker, { start, end }, missions, req.now);
      return fileResponse(req.c, bytes, 'application/pdf', downloadName('C4', [start, end], 'pdf'));
    },
  },
  downloadContract: {
    guard: documentsAllowed,
    async handle(req) {
      const worker = me(req);
      const { job, mission } = req.params;
      const found = await ownMission(req.deps.db, worker.id, mission);
      if (!found || found.job !== job) throw notFound();
      const bytes = (await contractBytes(req.deps.db, worker.id, mission))!;
      return fileResponse(req.c, bytes, 'application/pdf', downloadName(t(worker.locale, 'pdf_contractFileName'), [found.reference, found.date], 'pdf'));
    },
  },
  downloadPlanning: {
    guard: approvedAccount,
    async handle(req) {
      const worker = me(req);
      const bytes = await planningPdf(worker, await missionsOf(req.deps.db, worker.id), req.now);
      const month = monthOfDay(brusselsToday(req.now));
      return fileResponse(req.c, bytes, 'application/pdf', downloadName(t(worker.locale, 'pdf_planningFileName'), [month], 'pdf'));
    },
  },
  downloadPlanningCalendar: {
    guard: approvedAccount,
    async handle(req) {
      const worker = me(req);
      const missions = await missionsOf(req.deps.db, worker.id, { cancelled: true });
      const { publicUrl } = req.deps.config;
      const absences = await calendarAbsences(req.deps.db, worker.id);
      const ics = planningCalendar(missions, { now: req.now, host: new URL(publicUrl).hostname, publicUrl, locale: worker.locale, feed: false, absences });
      const month = monthOfDay(brusselsToday(req.now));
      return fileResponse(req.c, ics, 'text/calendar; charset=utf-8', downloadName(t(worker.locale, 'pdf_planningFileName'), [month], 'ics'));
    },
  },
} satisfies Partial<Operations>;
