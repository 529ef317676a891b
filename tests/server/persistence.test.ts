// Data in a file-backed PGlite survives a restart; the demo seed fills an empty database once, in every state.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mustPhoneAgency, type MissionTimes } from '#domain/absence.ts';
import type { Offer } from '#domain/api-schema.ts';
import { shiftsOverlap } from '#domain/offers.ts';
import { DEMO_PASSWORD, DEMO_WORKERS, seedIfEmpty } from '../../server/seed.ts';
import { migrate } from '../../server/storage/migrate.ts';
import { startServer } from './helpers/harness.ts';
import { PNG, fileForm, login, mission, newWorker, submitDetails } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const dataDir = mkdtempSync(join(tmpdir(), 'portal-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a data folder', () => {
  it('keeps accounts, sessions, files and missions across a restart, and seeds only an empty folder', async () => {
    const first = await startServer({ dataDir });
    expect(await seedIfEmpty(first.deps)).not.toBeNull();
    const w = await newWorker(first);
    await submitDetails(first, w);
    await first.bo('POST', `/workers/${encodeURIComponent(w.email)}/approve-details`);
    const m = await mission(first, w.email);
    await first.post('/api/user/me/upload-file/picture2', { token: w.token, form: fileForm(PNG) });
    await first.close();

    const second = await startServer({ dataDir });
    expect(await seedIfEmpty(second.deps)).toBeNull();
    expect(await migrate(second.deps.db)).toEqual([]);
    expect((await second.get('/api/user/me/info', { token: w.token })).json).toMatchObject({ employeeDetailsStatus: 'validated', newAccount: false });
    expect((await second.get('/api/user/me/details', { token: w.token })).json.images).toMatchObject({ idFront: true, picture2: true });
    const contracts = await second.get('/api/user/me/documents/contracts-overview', { token: w.token });
    expect(contracts.json.map((c: { mission: string }) => c.mission)).toEqual([m.mission]);
    await login(second, w.email);
    await login(second, 'employee@demo.example', DEMO_PASSWORD);
    await second.close();
  });

  it('are listed in the README once each', () => {
    const rows = readFileSync('README.md', 'utf8').match(/^\| `[^`]+@demo\.example` \|/gm) ?? [];
    expect(rows.map((row) => row.slice(3, row.indexOf('`', 3)))).toEqual(DEMO_WORKERS.map((d) => d.email));
  });

  it('seeds demo workers in every state of the README', async () => {
    // At 03:20 in Brussels: tomorrow's mission must ask for the phone call whatever the hour of the first start.
    const api = await startServer({ start: new Date('2027-03-10T02:20:00Z') });
    const seeded = await seedIfEmpty(api.deps);
    expect(seeded?.map((d) => d.email)).toEqual(DEMO_WORKERS.map((d) => d.email));
    const info = async (email: string) => (await api.get('/api/user/me/info', { token: await login(api, email, DEMO_PASSWORD) })).json;
    expect(await info('nieuw@demo.example')).toMatchObject({ agreedWithGdprPolicy: false, emailHasBeenValidated: false, newAccount: true });
    expect(await info('incomplete@demo.example')).toMatchObject({ agreedWithGdprPolicy: true, employeeDetailsStatus: 'empty' });
    expect(await info('review@demo.example')).toMatchObject({ employeeDetailsStatus: 'pending review' });
    expect(await info('employee@demo.example')).toMatchObject({
      employeeDetailsStatus: 'validated',
      signatureStatus: 'validated',
      statute: 1,
      newAccount: false,
    });
    expect(await info('student@demo.example')).toMatchObject({ statute: 2, newAccount: false });
    expect(await info('freelance@demo.example')).toMatchObject({ statute: 3 });
    expect(await info('rejected@demo.example')).toMatchObject({ signatureStatus: 'rejected' });
    const token = await login(api, 'employee@demo.example', DEMO_PASSWORD);
    expect((await api.get('/api/user/me/documents/documents-to-sign', { token })).json.length).toBeGreaterThanOrEqual(3);
    expect((await api.get('/api/user/me/upcoming-planning', { token })).json.length).toBeGreaterThanOrEqual(2);
    expect((await api.get('/api/user/me/documents/payslip-overview', { token })).json).toHaveLength(3);
    expect((await api.get('/api/user/me/documents/fiscal-year-overview', { token })).json).toHaveLength(2);
    expect((await api.get('/api/user/me/details', { token })).json.legalInformation.registryNumber).toMatch(/^\d{11}$/);
    // The employee and the student each have an offer of every case the offers screen shows (server/seed-offers.ts).
    for (const email of ['employee@demo.example', 'student@demo.example']) {
      const offers = (await api.get('/api/user/me/offers', { token: await login(api, email, DEMO_PASSWORD) })).json as Offer[];
      const byRef = (reference: string) => offers.find((o) => o.reference === reference)!;
      expect(offers.map((o) => o.status).sort(), email).toEqual(['expired', 'open', 'open', 'open', 'open', 'withdrawn']);
      expect(byRef('VERNISSAGE-ART').shifts.map((s) => [s.outsideAvailability, s.overlaps])).toEqual([[false, null]]);
      expect(byRef('MARCHE-NOEL').shifts.map((s) => s.outsideAvailability)).toEqual([true, false]);
      expect(byRef('CONCERT-FOREST').shifts[0]!.overlaps).not.toBeNull();
      expect(byRef('INVENTAIRE-NUIT')).toMatchObject({ placesLeft: 1, shifts: [{ endsNextDay: true }] });
    }
    // No demo worker has two missions at once (server/seed*.ts); the employee's mission tomorrow is due a phone call.
    const missions = await api.deps.db.query<MissionTimes & { worker: string; reference: string }>(
      `SELECT worker_id AS worker, reference, to_char(day, 'YYYY-MM-DD') AS date, start_time AS start, end_time AS "end" FROM missions ORDER BY worker_id, day`,
    );
    const overlapping = missions.flatMap((a, i) =>
      missions
        .slice(i + 1)
        .filter((b) => a.worker === b.worker && shiftsOverlap(a, b))
        .map((b) => `${a.reference} ${a.date} × ${b.reference} ${b.date}`),
    );
    expect(overlapping).toEqual([]);
    const tomorrow = missions.find((m) => m.reference === 'ACCUEIL-GARE')!;
    expect([tomorrow.date, mustPhoneAgency(tomorrow, api.clock.now)]).toEqual(['2027-03-11', true]);
    await api.close();
  });
});
