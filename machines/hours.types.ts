/**
 * What the hours machines read and send: the contract's shapes (openapi.yaml, tag hours), declared here because the
 * machines import nothing of src/ (tests/machines/contract-types.test.ts fails to compile if they drift).
 */

export type HoursStatus = 'toConfirm' | 'confirmed' | 'autoConfirmed' | 'contested' | 'resolved';
/** HoursOfDay: times, break, whether the end is the next day, and the paid minutes they give. */
export type HoursOfDay = { start: string; end: string; breakMinutes: number; endsNextDay: boolean; paidMinutes: number };
/** HoursDay: a recorded day as the worker sees it. */
export type HoursDay = {
  mission: string;
  version: number;
  date: string;
  reference: string;
  job: string;
  recorded: HoursOfDay;
  recordedAt: string;
  confirmBy: string;
  status: HoursStatus;
  confirmedAt: string | null;
  contest: { hours: HoursOfDay; reason: string; contestedAt: string } | null;
  resolution: { outcome: 'worker' | 'client'; note: string; resolvedAt: string } | null;
  paidMinutes: number;
  hourlyWageCents: number | null;
  grossCents: number | null;
};
/** HoursDayVersion: a day, and the version of its hours the worker saw (confirm and contest name it). */
export type HoursDayVersion = { mission: string; version: number };
/** What the worker types in the contest form (HoursContestRequest without the version). */
export type ContestDraft = { start: string; end: string; breakMinutes: number; reason: string };
/** FieldError of a 422: the server's message for a field of the form. */
export type FieldError = { path: string; message: string };
