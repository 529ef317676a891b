/**
 * The demo employee's absence data (README): a mission tomorrow (the phone notice shows when reporting it) and one
 * next week (reported in the app alone), and a report made yesterday morning for yesterday's mission, for sickness,
 * whose certificate is still due (the home's reminder, the planning's mark, the back-office list).
 *
 * Tomorrow's mission starts less than 24 hours after the seed whatever its hour (an hour before the clock's hour,
 * at midnight at the earliest), so that the phone notice is due on a first start at night as well.
 */
import { brusselsInstant } from '#domain/brussels-time.ts';
import { brusselsDateTime } from '#domain/offers.ts';
import { CERTIFICATE_WORKING_DAYS } from '#domain/absence.ts';
import { certificateDeadline } from '#domain/working-days.ts';
import { createMission } from './services/agency.ts';
import { addDays } from './services/clock.ts';
import { randomId } from './services/crypto.ts';
import type { Worker } from './services/workers.ts';
import type { Queryable } from './storage/db.ts';

const PLACE = { shortLocation: 'Gare du Midi', location1: 'Avenue Fonsny 47', location2: '1060 Saint-Gilles' };
const BRIEFING = 'Badge à retirer à l’accueil.';

export async function seedAbsenceDemo(db: Queryable, worker: Worker, today: string, now: Date): Promise<void> {
  const plan = (offset: number, reference: string, start: string, end: string) =>
    createMission(
      db,
      worker,
      { date: addDays(today, offset), start, end, reference, job: 'hostess', km: 0, allowPrint: true, briefing: BRIEFING, ...PLACE },
      now,
    );
  const hour = Math.max(0, Number(brusselsDateTime(now).time.slice(0, 2)) - 1);
  const clock = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  await plan(1, 'ACCUEIL-GARE', clock(hour), clock(hour + 8));
  await plan(7, 'SALON-VERT', '09:00', '17:00');
  const past = await plan(-1, 'INVENTAIRE-HIVER', '08:00', '16:00');
  const reportedAt = brusselsInstant(addDays(today, -1), '06:40');
  await db.query(
    `INSERT INTO absence_reports (id, worker_id, mission_id, reason, message, reported_at, certificate_due_by) VALUES ($1, $2, $3, 'sick', $4, $5, $6)`,
    [
      randomId(16),
      worker.id,
      past.mission,
      'Fièvre depuis cette nuit, je passe chez le médecin ce matin.',
      reportedAt,
      certificateDeadline(reportedAt, CERTIFICATE_WORKING_DAYS).dueBy,
    ],
  );
}
