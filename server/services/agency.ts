/**
 * What the agency does (the back-office operations and the demo seed share it): plan a mission with its
 * contract PDF, publish a payslip or a fiscal attest.
 */
import type { DocumentCreate, MissionCreate, MissionCreated } from '#domain/api-schema.ts';
import { contractPdf, fiscalPdf, payslipPdf } from '../pdf/documents.ts';
import type { Queryable } from '../storage/db.ts';
import { randomId, sha256Hex } from './crypto.ts';
import type { Worker } from './workers.ts';

/** What a mission made from an offer also records: the offer, which of its shifts, and the offer's wage. */
export type MissionOrigin = { offerId: string; offerShift: number; hourlyWageCents: number };

export async function createMission(
  db: Queryable,
  worker: Worker,
  input: MissionCreate,
  now: Date,
  origin: MissionOrigin | null = null,
): Promise<MissionCreated> {
  const mission = {
    id: `m${randomId(11)}`,
    job: input.job,
    date: input.date,
    start: input.start,
    end: input.end,
    reference: input.reference.trim(),
    km: input.km ?? 0,
    short_location: input.shortLocation ?? '',
    location1: input.location1 ?? '',
    location2: input.location2 ?? '',
    briefing: input.briefing ?? '',
    allow_print: input.allowPrint ?? true,
    hourly_wage_cents: input.hourlyWageCents ?? null,
  };
  // Generated once and stored: the download serves these bytes and the signing evidence hashes them.
  const pdf = await contractPdf(worker, mission, now);
  await db.query(
    `INSERT INTO missions (id, worker_id, job, day, start_time, end_time, reference, km, short_location, location1, location2, briefing,
       allow_print, contract_pdf, contract_sha256, created_at, offer_id, offer_shift, hourly_wage_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      mission.id,
      worker.id,
      mission.job,
      mission.date,
      mission.start,
      mission.end,
      mission.reference,
      mission.km,
      mission.short_location,
      mission.location1,
      mission.location2,
      mission.briefing,
      mission.allow_print,
      pdf,
      sha256Hex(pdf),
      now,
      origin?.offerId ?? null,
      origin?.offerShift ?? null,
      // An offer's wage wins: the worker accepted the offer at that wage.
      origin?.hourlyWageCents ?? mission.hourly_wage_cents,
    ],
  );
  return { mission: mission.id, job: mission.job, date: mission.date, start: mission.start, end: mission.end, reference: mission.reference };
}

export async function createDocument(db: Queryable, worker: Worker, input: DocumentCreate & { month?: number }, now: Date): Promise<string> {
  const id = randomId(10);
  const amount = input.amount ?? 0;
  let name: string;
  let pdf: Uint8Array;
  if (input.kind === 'payslip') {
    name = `${input.prefix ?? 'payslip'}-${input.year}${String(input.month).padStart(2, '0')}-${id}`;
    pdf = await payslipPdf(worker, { name, year: input.year, month: input.month!, amount }, now);
  } else {
    name = `${input.prefix ?? 'fiscal'}-${input.year}-${id}`;
    pdf = await fiscalPdf(worker, { name, year: input.year, amount }, now);
  }
  await db.query('INSERT INTO documents (name, worker_id, kind, year, month, amount, pdf, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    name,
    worker.id,
    input.kind,
    input.year,
    input.kind === 'payslip' ? input.month : null,
    amount,
    pdf,
    now,
  ]);
  return name;
}
