/**
 * Prepares the load test's workers straight in a data folder before the server opens it: approved employees
 * with a validated signature and missions to sign. Through the API this would take minutes (five wizard steps,
 * uploads, approval and one contract PDF per mission); here it takes seconds: one password hash and one
 * contract PDF, shared by every row (docs/decisions/081-durability-on-sigkill.md).
 */
import { join } from 'node:path';
import { createMission } from '../../server/services/agency.ts';
import { addDays } from '../../server/services/clock.ts';
import { brusselsToday } from '#domain/period.ts';
import { hashPassword, randomId } from '../../server/services/crypto.ts';
import { demoSignatureDataUrl } from '../../server/services/png.ts';
import { insertWorker } from '../../server/services/worker-writes.ts';
import { workerById } from '../../server/services/workers.ts';
import { migrate } from '../../server/storage/migrate.ts';
import type { Db } from '../../server/storage/db.ts';
import { openPglite } from '../../server/storage/pglite.ts';

export const LOAD_PASSWORD = 'load-test-password';
export type LoadWorker = { email: string; missions: string[] };

/**
 * `template`, a dump of a migrated database, saves PostgreSQL's initdb on the new folder (~4 s).
 * `scryptLog2N` is the cost of the workers' stored password hashes (the server verifies with the cost stored in
 * the hash). 15, the production cost, makes every login ~100 ms of CPU: 200 logins alone then saturate two cores
 * for ~10 s; the load script uses less by default and says so.
 */
export async function prepareWorkers(dataDir: string, count: number, missionsEach: number, scryptLog2N: number, template?: Blob): Promise<LoadWorker[]> {
  const db = await openPglite(join(dataDir, 'db'), template);
  try {
    return await prepareWorkersIn(db, count, missionsEach, scryptLog2N);
  } finally {
    await db.close();
  }
}

/** The same in any database (PostgreSQL, for several instances): migrated first, then filled in one transaction. */
export async function prepareWorkersIn(db: Db, count: number, missionsEach: number, scryptLog2N: number): Promise<LoadWorker[]> {
  await migrate(db);
  const now = new Date();
  const today = brusselsToday(now);
  const hash = await hashPassword(LOAD_PASSWORD, scryptLog2N);
  const signature = demoSignatureDataUrl();
  const workers: LoadWorker[] = [];
  let pdf: { bytes: Uint8Array; sha: string } | null = null;
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = randomId();
      const email = `load-${i}@load.example`;
      await insertWorker(tx, {
        id,
        email,
        passwordHash: hash,
        firstName: 'Load',
        lastName: `Worker ${i}`,
        locale: 'fr',
        createdAt: now,
        detailsStatus: 2,
        emailValidated: true,
        policiesAgreedAt: now,
        signature: { value: signature, status: 2 },
      });
      const missions: string[] = [];
      for (let k = 0; k < missionsEach; k++) {
        const day = addDays(today, -1 - k); // past missions: they can be signed
        if (!pdf) {
          const created = await createMission(
            tx,
            (await workerById(tx, id))!,
            {
              date: day,
              start: '09:00',
              end: '17:00',
              reference: `LOAD-${i}-${k}`,
              job: 'load',
              km: 0,
              shortLocation: '',
              location1: '',
              location2: '',
              briefing: '',
              allowPrint: true,
            },
            now,
          );
          const [row] = await tx.query<{ contract_pdf: Uint8Array; contract_sha256: string }>(
            'SELECT contract_pdf, contract_sha256 FROM missions WHERE id = $1',
            [created.mission],
          );
          pdf = { bytes: row!.contract_pdf, sha: row!.contract_sha256 };
          missions.push(created.mission);
          continue;
        }
        const mission = `m${randomId(11)}`;
        await tx.query(
          `INSERT INTO missions (id, worker_id, job, day, start_time, end_time, reference, contract_pdf, contract_sha256, created_at)
           VALUES ($1, $2, 'load', $3, '09:00', '17:00', $4, $5, $6, $7)`,
          [mission, id, day, `LOAD-${i}-${k}`, pdf.bytes, pdf.sha, now],
        );
        missions.push(mission);
      }
      workers.push({ email, missions });
    }
  });
  return workers;
}
