/**
 * Demo hours (README): the employee and the student each have a recorded day in every state the worker meets (to
 * confirm with hours left, about to be confirmed on its own, contested, resolved both ways, confirmed, confirmed on
 * its own, a night shift among them), and the student earlier days of the year, so that their counter shows a part
 * of the quota used. Written as the services would have left them, at the times they would have happened.
 */
import { Statute } from '#domain/enums.ts';
import { HOURS_CONFIRM_WINDOW_MS } from '#domain/hours.ts';
import { createMission } from './services/agency.ts';
import { addDays } from './services/clock.ts';
import type { Worker } from './services/workers.ts';
import type { Queryable } from './storage/db.ts';

const HOUR = 60 * 60 * 1000;
type Times = { start: string; end: string; breakMinutes: number };
type Answer = { kind: 'confirmed' } | { kind: 'contested'; times: Times; reason: string; resolved?: { outcome: 'worker' | 'client'; note: string } };
/** A demo day: how many days ago, the client's hours, how long ago they were recorded, and the answers given. */
type DemoDay = { daysAgo: number; reference: string; times: Times; recordedHoursAgo: number; answer?: Answer };

const REASON = {
  fr: 'Je suis resté jusqu’à la fin du démontage, à la demande du chef d’équipe.',
  nl: 'Ik ben op vraag van de ploegbaas gebleven tot het einde van de afbouw.',
};
const NOTE = {
  fr: 'Le client a transmis la feuille de présence signée : elle indique 17:00.',
  nl: 'De klant heeft de getekende aanwezigheidslijst bezorgd: daarop staat 17:00.',
};

/**
 * On days of their own: the seed's other missions are 12, 5 and 2 days ago (server/seed.ts, the 2nd one 08:30–17:00
 * beside this night shift's 22:00), and the employee's absence yesterday (server/seed-absences.ts). No two overlap.
 */
function demoDays(locale: 'fr' | 'nl'): DemoDay[] {
  const day = { start: '09:00', end: '17:00', breakMinutes: 30 };
  const longer = { start: '09:00', end: '18:15', breakMinutes: 30 };
  return [
    { daysAgo: 6, reference: 'SALON-HORECA', times: { start: '08:00', end: '15:36', breakMinutes: 30 }, recordedHoursAgo: 2 },
    { daysAgo: 2, reference: 'NOCTURNE-MUSEE', times: { start: '22:00', end: '06:00', breakMinutes: 45 }, recordedHoursAgo: 47 },
    { daysAgo: 3, reference: 'FOIRE-BOIS', times: day, recordedHoursAgo: 40, answer: { kind: 'contested', times: longer, reason: REASON[locale] } },
    { daysAgo: 4, reference: 'CONCERT-FOREST', times: { start: '17:00', end: '23:30', breakMinutes: 0 }, recordedHoursAgo: 60, answer: { kind: 'confirmed' } },
    { daysAgo: 7, reference: 'MARCHE-NOEL', times: day, recordedHoursAgo: 80 },
    {
      daysAgo: 8,
      reference: 'EXPO-AUTO',
      times: day,
      recordedHoursAgo: 160,
      answer: { kind: 'contested', times: longer, reason: REASON[locale], resolved: { outcome: 'worker', note: '' } },
    },
    {
      daysAgo: 9,
      reference: 'CONGRES-PHARMA',
      times: day,
      recordedHoursAgo: 190,
      answer: { kind: 'contested', times: longer, reason: REASON[locale], resolved: { outcome: 'client', note: NOTE[locale] } },
    },
  ];
}

/** Earlier days of the year for the student's counter: every week back from day 14, as long as the year lasts. */
const historyDays = (today: string): DemoDay[] =>
  Array.from({ length: 8 }, (_, i) => ({
    daysAgo: 14 + 7 * i,
    reference: `JOBSTUDENT-${i + 1}`,
    times: { start: '09:00', end: '17:30', breakMinutes: 30 },
    recordedHoursAgo: 24 * (12 + 7 * i),
    answer: { kind: 'confirmed' as const },
  })).filter((d) => addDays(today, -d.daysAgo).slice(0, 4) === today.slice(0, 4));

async function seedDay(db: Queryable, worker: Worker, d: DemoDay, s: { now: Date; today: string; wageCents: number; index: number }) {
  const { mission } = await createMission(
    db,
    worker,
    {
      date: addDays(s.today, -d.daysAgo),
      start: d.times.start,
      end: d.times.end,
      reference: `${d.reference}-${s.index}`,
      job: 'hostess',
      km: 0,
      shortLocation: 'Brussels Expo',
      location1: 'Place de Belgique 1',
      location2: '1020 Bruxelles',
      briefing: '',
      allowPrint: true,
      hourlyWageCents: s.wageCents,
    },
    s.now,
  );
  // A worked day's contract was signed before it started: it is not in the list to sign.
  await db.query('UPDATE missions SET signing_requested = true WHERE id = $1', [mission]);
  const recordedAt = new Date(s.now.getTime() - d.recordedHoursAgo * HOUR);
  const at = (hoursAfterRecording: number) => new Date(recordedAt.getTime() + hoursAfterRecording * HOUR);
  await db.query(
    'INSERT INTO hours_records (mission_id, version, start_time, end_time, break_minutes, recorded_at, confirm_by) VALUES ($1, 1, $2, $3, $4, $5, $6)',
    [mission, d.times.start, d.times.end, d.times.breakMinutes, recordedAt, new Date(recordedAt.getTime() + HOURS_CONFIRM_WINDOW_MS)],
  );
  const answer = d.answer;
  if (answer?.kind === 'confirmed')
    await db.query("INSERT INTO hours_answers (mission_id, version, kind, answered_at) VALUES ($1, 1, 'confirmed', $2)", [mission, at(5)]);
  if (answer?.kind === 'contested') {
    await db.query(
      "INSERT INTO hours_answers (mission_id, version, kind, start_time, end_time, break_minutes, reason, answered_at) VALUES ($1, 1, 'contested', $2, $3, $4, $5, $6)",
      [mission, answer.times.start, answer.times.end, answer.times.breakMinutes, answer.reason, at(20)],
    );
    if (answer.resolved)
      await db.query('INSERT INTO hours_resolutions (mission_id, version, outcome, note, resolved_at) VALUES ($1, 1, $2, $3, $4)', [
        mission,
        answer.resolved.outcome,
        answer.resolved.note,
        at(70),
      ]);
  }
}

export async function seedHours(db: Queryable, worker: Worker, s: { now: Date; today: string; wageCents: number; index: number }): Promise<void> {
  const days = [...demoDays(worker.locale), ...(worker.statute === Statute.Student ? historyDays(s.today) : [])];
  for (const d of days) await seedDay(db, worker, d, s);
}
