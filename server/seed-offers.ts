/**
 * The demo offers (README): the employee and the student each have one of every case the offers screen shows, relative
 * to the seed's availabilities (days 1–10 from today: afternoons always, mornings on even days, evenings every third
 * day) and missions (day 3, 13:00–21:00; day 10, 08:30–17:00):
 * fits the availabilities, outside them (with a shift that fits), overlapping a mission, one place left (a night shift
 * the freelancer took a place of), expired, withdrawn. No mail: the seed is not the agency sending them.
 */
import type { OfferCreate } from '#domain/api-schema.ts';
import { addDays } from './services/clock.ts';
import { acceptOfferIn } from './services/offer-answers.ts';
import { insertOffer, sendTo } from './services/offer-agency.ts';
import type { Worker } from './services/workers.ts';
import type { Queryable } from './storage/db.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
const place = { shortLocation: 'Palais 12', location1: 'Avenue de Miramar', location2: '1020 Bruxelles' };

export async function seedOffers(db: Queryable, s: { now: Date; today: string; to: Worker[]; taker: Worker }) {
  const { now, today, to, taker } = s;
  const day = (n: number) => addDays(today, n);
  const offer = async (input: Omit<OfferCreate, 'workers'>, created = now) => {
    const id = await insertOffer(db, { ...input, workers: [] }, created);
    await sendTo(db, id, to, created);
    return id;
  };
  const brief = 'Tenue noire, chaussures fermées. Présentez-vous au responsable de salle 20 minutes avant.';
  await offer({
    reference: 'VERNISSAGE-ART',
    job: 'hostess',
    ...place,
    hourlyWageCents: 1450,
    briefing: brief,
    places: 3,
    answerBy: later(now, 2 * DAY),
    shifts: [{ date: day(4), start: '13:00', end: '17:00' }],
  });
  await offer({
    reference: 'MARCHE-NOEL',
    job: 'steward',
    shortLocation: 'Grand-Place',
    location1: 'Grand-Place',
    location2: '1000 Bruxelles',
    hourlyWageCents: 1525,
    briefing: 'Gilet fourni sur place.',
    places: 2,
    answerBy: later(now, 3 * DAY),
    shifts: [
      { date: day(5), start: '08:00', end: '12:00' },
      { date: day(6), start: '18:00', end: '22:00' },
    ],
  });
  await offer({
    reference: 'CONCERT-FOREST',
    job: 'steward',
    shortLocation: 'Forest National',
    location1: 'Avenue Victor Rousseau 208',
    location2: '1190 Forest',
    hourlyWageCents: 1600,
    briefing: '',
    places: 4,
    answerBy: later(now, DAY),
    shifts: [{ date: day(3), start: '19:00', end: '23:30' }],
  });
  const night = await offer({
    reference: 'INVENTAIRE-NUIT',
    job: 'desk',
    ...place,
    hourlyWageCents: 1850,
    briefing: 'Inventaire de nuit, prime comprise.',
    places: 2,
    answerBy: later(now, 2 * DAY),
    shifts: [{ date: day(8), start: '22:00', end: '06:00' }],
  });
  await sendTo(db, night, [taker], now);
  await acceptOfferIn(db, taker, night, now);
  await offer(
    {
      reference: 'SALON-BOIS',
      job: 'hostess',
      ...place,
      hourlyWageCents: 1450,
      briefing: '',
      places: 2,
      answerBy: later(now, -DAY),
      shifts: [{ date: day(6), start: '09:00', end: '13:00' }],
    },
    new Date(now.getTime() - 3 * DAY),
  );
  const withdrawn = await offer(
    {
      reference: 'GALA-ENTREPRISES',
      job: 'waiter',
      ...place,
      hourlyWageCents: 1500,
      briefing: '',
      places: 5,
      answerBy: later(now, 2 * DAY),
      shifts: [{ date: day(9), start: '18:00', end: '23:00' }],
    },
    new Date(now.getTime() - DAY),
  );
  // Nobody accepted it, so there is no mission to cancel: marking it is the whole withdrawal.
  await db.query('UPDATE offers SET withdrawn_at = $2 WHERE id = $1', [withdrawn, new Date(now.getTime() - 2 * HOUR)]);
}
