/**
 * Demo workers in every state, written on the first start of an empty data folder (README lists them).
 * Fast on purpose: one scrypt hash for the shared demo password, a handful of PDFs.
 */
import type { Locale } from '#domain/api-schema.ts';
import type { Deps } from './api/operation.ts';
import { createDocument, createMission } from './services/agency.ts';
import { seedHours } from './seed-hours.ts';
import { Statute } from '#domain/enums.ts';
import { brusselsToday } from '#domain/period.ts';
import { addDays } from './services/clock.ts';
import { hashPassword, randomId } from './services/crypto.ts';
import { demoSignatureDataUrl, greyPng } from './services/png.ts';
import { insertWorker } from './services/worker-writes.ts';
import { seedOffers } from './seed-offers.ts';
import { workerById, type StoredDetails } from './services/workers.ts';
import type { Queryable } from './storage/db.ts';
import { uploadStore } from './storage/uploads.ts';
import { seedAbsenceDemo } from './seed-absences.ts';

export const DEMO_PASSWORD = 'portail-demo';

type Demo = {
  email: string;
  state: string;
  first: string;
  last: string;
  locale: Locale;
  statute: 1 | 2 | 3;
  policies: boolean;
  detailsStatus: 0 | 1 | 2;
  signature: 0 | 1 | 2 | 3;
  activity: boolean;
};

export const DEMO_WORKERS: Demo[] = [
  {
    email: 'nieuw@demo.example',
    state: 'new account: policies not agreed, e-mail not validated',
    first: 'Lotte',
    last: 'Peeters',
    locale: 'nl',
    statute: 1,
    policies: false,
    detailsStatus: 0,
    signature: 0,
    activity: false,
  },
  {
    email: 'incomplete@demo.example',
    state: 'policies agreed, file incomplete',
    first: 'Camille',
    last: 'Dubois',
    locale: 'fr',
    statute: 1,
    policies: true,
    detailsStatus: 0,
    signature: 0,
    activity: false,
  },
  {
    email: 'review@demo.example',
    state: 'file under review',
    first: 'Julien',
    last: 'Lambert',
    locale: 'fr',
    statute: 1,
    policies: true,
    detailsStatus: 1,
    signature: 0,
    activity: false,
  },
  {
    email: 'employee@demo.example',
    state: 'approved employee, validated signature, missions to sign, planning, documents',
    first: 'Sophie',
    last: 'Janssens',
    locale: 'fr',
    statute: 1,
    policies: true,
    detailsStatus: 2,
    signature: 2,
    activity: true,
  },
  {
    email: 'student@demo.example',
    state: 'approved student',
    first: 'Noah',
    last: 'Claes',
    locale: 'nl',
    statute: 2,
    policies: true,
    detailsStatus: 2,
    signature: 0,
    activity: true,
  },
  {
    email: 'freelance@demo.example',
    state: 'approved freelancer',
    first: 'Emma',
    last: 'Wouters',
    locale: 'fr',
    statute: 3,
    policies: true,
    detailsStatus: 2,
    signature: 0,
    activity: true,
  },
  {
    email: 'rejected@demo.example',
    state: 'approved employee, rejected signature',
    first: 'Lucas',
    last: 'Maes',
    locale: 'nl',
    statute: 1,
    policies: true,
    detailsStatus: 2,
    signature: 3,
    activity: false,
  },
];

/** A registry number whose check digits fit the birth date (born before 2000). */
function registryNumber(birth: string, serial: number): string {
  const base = `${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${String(serial).padStart(3, '0')}`;
  return base + String(97 - (Number(base) % 97)).padStart(2, '0');
}

function demoDetails(d: Demo, index: number, today: string): StoredDetails {
  const birth = `199${index}-0${(index % 9) + 1}-1${index}`;
  return {
    contactInfo: {
      firstName: d.first,
      lastName: d.last,
      mobile: '+32 470 12 34 5' + index,
      email: d.email,
      mainAddress: { street: 'Rue de la Loi', number: String(10 + index), zip: '1000', city: 'Bruxelles', country: 'BE' },
      secondaryAddress: { street: '', number: '', zip: '', city: '', country: 'BE' },
    },
    legal: {
      statute: { 1: '1', 2: 'E', 3: '3' }[d.statute],
      sex: index % 2 ? 'm' : 'f',
      birthDate: birth,
      birthPlace: 'Namur',
      birthCountry: 'BE',
      nationality: 'B',
      idNumber: `59${index}123456${index}`,
      registryNumber: registryNumber(birth, 100 + index),
      idExpiration: addDays(today, 900),
      civilStatus: 1,
      marriageDate: '',
      spouseName: '',
      spouseBirthDate: '',
      spouseOccupation: '',
      adultDependants: 0,
      childDependants: 0,
      iban: 'BE68539007547034',
      bic: 'GEBABEBB',
    },
    generalInfo: {
      looks: 'occidental',
      hairColour: 'brun',
      hairLength: 'court',
      length: 170 + index,
      jacketSize: 'M',
      skirtSize: '',
      shoeSize: 40,
      pantsLength: 32,
      pantsWidth: 32,
      suitColours: ['black'],
      carLicense: 'B',
      car: 'non',
      carDescription: '',
      carPlate: '',
      languages: { french: 4, dutch: 3, english: 3, german: 1, italian: 0, spanish: 1, arabic: 0, turkish: 0, morrocan: 0 },
    },
  };
}

const isEmpty = async (db: Queryable) => ((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workers'))[0]?.n ?? 0) === 0;

export async function seedIfEmpty(deps: Deps): Promise<Demo[] | null> {
  const { config } = deps;
  if (!(await isEmpty(deps.db))) return null;
  const now = config.now();
  const today = brusselsToday(now);
  const hash = await hashPassword(DEMO_PASSWORD, config.scryptLog2N);
  const signature = demoSignatureDataUrl();
  const picture = greyPng(64, 64, (x, y) => (x - 32) ** 2 + (y - 28) ** 2 < 200 || (y > 48 && Math.abs(x - 32) < 20));
  // Two instances starting at once on an empty PostgreSQL: one seeds, the other waits, then finds the workers.
  return deps.db.transaction(async (db) => {
    await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', ['portal:seed']);
    if (!(await isEmpty(db))) return null;
    await seedWorkers(db, { now, today, hash, signature, picture });
    return DEMO_WORKERS;
  });
}

async function seedWorkers(db: Queryable, s: { now: Date; today: string; hash: string; signature: string; picture: Uint8Array }) {
  const { now, today, hash, signature, picture } = s;
  const uploads = uploadStore(db);
  const ids = new Map<string, string>();
  for (const [index, d] of DEMO_WORKERS.entries()) {
    const id = randomId();
    const filled = d.detailsStatus > 0;
    await insertWorker(db, {
      id,
      email: d.email,
      passwordHash: hash,
      firstName: d.first,
      lastName: d.last,
      locale: d.locale,
      createdAt: now,
      statute: d.statute,
      detailsStatus: d.detailsStatus,
      emailValidated: d.policies,
      ...(d.policies ? { policiesAgreedAt: now } : {}),
      details: filled ? demoDetails(d, index, today) : {},
      ...(d.signature ? { signature: { value: signature, status: d.signature } } : {}),
    });
    if (filled) for (const kind of ['idFront', 'idBack', 'picture1'] as const) await uploads.put(id, kind, { bytes: picture, mediaType: 'image/png' }, now);
    if (d.activity) await seedActivity(db, id, today, now, index);
    ids.set(d.email, id);
    if (d.email === 'employee@demo.example') await seedAbsenceDemo(db, (await workerById(db, id))!, today, now);
  }
  const demo = async (email: string) => (await workerById(db, ids.get(email)!))!;
  await seedOffers(db, {
    now,
    today,
    to: [await demo('employee@demo.example'), await demo('student@demo.example')],
    taker: await demo('freelance@demo.example'),
  });
}

async function seedActivity(db: Queryable, workerId: string, today: string, now: Date, index: number) {
  const worker = (await workerById(db, workerId))!;
  const place = { shortLocation: 'Brussels Expo', location1: 'Place de Belgique 1', location2: '1020 Bruxelles' };
  const missions = [
    { offset: -12, reference: 'EXPO-BATIBOUW', job: 'hostess' },
    { offset: -5, reference: 'SALON-AUTO', job: 'hostess', km: 42 },
    { offset: -2, reference: 'GALA-NOEL', job: 'waiter' },
    { offset: 3, reference: 'CONGRES-MED', job: 'hostess' },
    { offset: 10, reference: 'FOIRE-LIEGE', job: 'steward', km: 96 },
  ];
  // Gross hourly wages (cents) by statute, for the pay estimates of recorded hours.
  const wageCents = { [Statute.Employee]: 1437, [Statute.Student]: 1250, [Statute.Freelance]: 2500 }[worker.statute as 1 | 2 | 3];
  for (const [i, m] of missions.entries())
    await createMission(
      db,
      worker,
      {
        date: addDays(today, m.offset),
        start: i % 2 ? '13:00' : '08:30',
        end: i % 2 ? '21:00' : '17:00',
        reference: `${m.reference}-${index}`,
        job: m.job,
        km: m.km ?? 0,
        briefing: 'Tenue noire, arrivée 15 minutes avant.',
        allowPrint: i !== 1,
        hourlyWageCents: wageCents,
        ...place,
      },
      now,
    );
  if (worker.statute !== Statute.Freelance) await seedHours(db, worker, { now, today, wageCents, index });
  const [year, month] = today.split('-').map(Number) as [number, number];
  for (let back = 1; back <= 3; back++) {
    const d = new Date(Date.UTC(year, month - 1 - back, 1));
    await createDocument(db, worker, { kind: 'payslip', year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, amount: 1234.56 + back * 10 }, now);
  }
  for (const y of [year - 1, year - 2]) await createDocument(db, worker, { kind: 'fiscal-year', year: y, amount: 18_250.4 }, now);
  for (let day = 1; day <= 10; day++)
    await db.query('INSERT INTO availabilities (worker_id, day, morning, afternoon, evening) VALUES ($1, $2, $3, $4, $5)', [
      workerId,
      addDays(today, day),
      day % 2 === 0,
      true,
      day % 3 === 0,
    ]);
}

/** What the first start on a new data folder prints for a person: where the portal is, and the demo workers. */
export function printWelcome(url: string, demos: Demo[], say: (line: string) => void = console.log): void {
  say('');
  say(`Worker portal: ${url}`);
  say(`Demo workers (password for all: ${DEMO_PASSWORD}):`);
  for (const d of demos) say(`  ${d.email.padEnd(26)} ${d.state}`);
  say('');
}
