/**
 * Recorded days of hours for the e2e tests (requirements §15): a mission of the worker in the past whose hours the
 * client recorded through the back-office, so that it is to confirm for the confirmation window from now on.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { HoursDay } from '#domain/api-schema.ts';
import { isoDay } from '../../tests/fixtures/worker-data.ts';
import { addMission, backoffice, workerPath, type Worker } from './workers.ts';

/** The client's hours of every recorded day here: 08:00–15:36 with a 30 min break. */
export const SHIFT = { start: '08:00', end: '15:36', breakMinutes: 30 };

/** A worked day of the worker (`daysAgo`), at EUR 14.37 an hour, whose hours the client recorded: its mission id. */
export async function recordedDay(request: APIRequestContext, worker: Worker, daysAgo: number, reference: string): Promise<string> {
  const { mission } = await addMission(request, worker.email, -daysAgo, { reference, start: '08:00', end: '16:00', hourlyWageCents: 1437 });
  await backoffice(request, 'POST', `${workerPath(worker.email)}/missions/${mission}/hours`, SHIFT, 201);
  return mission;
}

/** The day as the server lists it to the worker (its date, reference, deadline). */
export async function listedDay(request: APIRequestContext, worker: Worker, mission: string): Promise<HoursDay> {
  const response = await request.get('/api/user/me/hours', { headers: { Authorization: `Bearer ${worker.token}` } });
  const day = ((await response.json()) as HoursDay[]).find((d) => d.mission === mission);
  if (!day) throw new Error(`the day of mission ${mission} is not listed`);
  return day;
}

/** A day's card on /hours. */
export const dayCard = (page: Page, mission: string) => page.locator(`li[data-mission="${mission}"]`);

/** The day `daysAgo` as the cards name it ("mardi 1 décembre"). */
export const dayName = (daysAgo: number) =>
  new Intl.DateTimeFormat('fr-BE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${isoDay(-daysAgo)}T00:00:00Z`));
