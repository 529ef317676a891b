/**
 * What the server reads from its environment, in one place. Tests build a Config directly (in-memory
 * database, a fixed clock, cheap password hashing).
 */
import { join, resolve } from 'node:path';
import { CERTIFICATE_WORKING_DAYS } from '#domain/absence.ts';
import type { OfficeHoursDay } from '#domain/api-schema.ts';
import { DEFAULT_ANSWER_HOURS, DEFAULT_OFFICE_HOURS, parseOfficeHours } from '#domain/conversations.ts';
import { LOG_LEVELS, type LogLevel } from './log.ts';
import { parseAllowedOrigins } from './services/push-endpoints.ts';
import { HOURS_CONFIRM_WINDOW_MS, STUDENT_QUOTAS, type StudentQuotas } from '#domain/hours.ts';
import { OFFER_GIVE_BACK_HOURS } from '#domain/offer-staffing.ts';

export type Config = {
  /** The data folder (the PGlite database; uploads of older versions); null keeps the database in memory (tests). */
  dataDir: string | null;
  /** DATABASE_URL (postgres://…): a PostgreSQL server instead of PGlite in dataDir; null or absent keeps PGlite. */
  databaseUrl?: string | null;
  /** The PostgreSQL schema to use (tests isolate each server in its own); absent means the URL's default. */
  databaseSchema?: string;
  /**
   * DATA_DIR/uploads: where uploaded images were written before they moved into the database (migration 002). Files
   * found there at start are moved in and deleted (server/storage/uploads.ts).
   */
  uploadsDir: string;
  /** The portal's address as mails link to it (never taken from the request's Host header). */
  publicUrl: string;
  /** BACKOFFICE_TOKEN; null switches the back-office off (404). */
  backofficeToken: string | null;
  /** SMTP_URL (smtp:// or smtps://); null keeps mails in the outbox only. */
  smtpUrl: string | null;
  mailFrom: string;
  /** log2 of scrypt's N for new password hashes (15 in production; tests use less). */
  scryptLog2N: number;
  /**
   * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (0: none, the connection's address
   * is the client's). The client is the entry that many places from the right (server/client-address.ts).
   */
  trustProxy: number;
  /** DATABASE_WAIT_MS: how long a request waits for a PostgreSQL that went away before it answers 503 (default 2000). */
  databaseWaitMs?: number;
  /** DATABASE_POOL_MAX: connections to PostgreSQL per server process (default 10). */
  databasePoolMax?: number;
  /** LOG_LEVEL (default info); a Config without it (tests, tools) logs nothing. */
  logLevel?: LogLevel;
  /** IMAGE_MAX_EDGE: the longest side, in pixels, an uploaded image may declare (default 16384). */
  imageMaxEdge?: number;
  /** The clock; tests inject one to reach expiries. */
  now: () => Date;
  /** HOURS_CONFIRM_HOURS: how long a recorded day waits for the worker's answer (default 48 hours). */
  hoursConfirmWindowMs?: number;
  /** STUDENT_QUOTAS (`2025:650,2023:600,0:475`): the student quota in hours from each year on (default those). */
  studentQuotas?: StudentQuotas;
  /** OFFER_GIVE_BACK_HOURS: an accepted place can be given back until this long before its first shift (default 48 hours). */
  offerGiveBackMs?: number;
  /** The agency's own contact and the certificate's deadline (absence reports); absent parts take their defaults. */
  agency?: Partial<AgencySettings>;
  /**
   * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints them); absent, a pair
   * is made on the first start and kept in the database (docs/decisions/251-push-devices.md).
   */
  vapidKeys?: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: how a push service reaches the agency (mailto: or https:); by default mailto: AGENCY_EMAIL. */
  vapidSubject?: string;
  /** PUSH_ALLOWED_ORIGINS: origins of push services allowed although not https or not public (a test push service). */
  pushAllowedOrigins?: readonly string[];
  /** PUSH_POLL_MS: how often the push outbox is looked at (default 2000); absent or 0, only when asked (tests). */
  pushPollMs?: number;
};

/**
 * AGENCY_EMAIL, AGENCY_PHONE, AGENCY_LOCALE, CERTIFICATE_WORKING_DAYS (docs/decisions/200-absence-reports.md),
 * AGENCY_OFFICE_HOURS and AGENCY_ANSWER_HOURS (docs/decisions/270-conversations.md).
 */
export type AgencySettings = {
  /** Where the agency is told of an absence report (a shared mailbox of the office). */
  email: string;
  /** The number a worker must phone when the mission is less than 24 hours away; shown as a tel: link. */
  phone: string;
  /** The language of the agency's mails. */
  locale: 'fr' | 'nl';
  /** The medical certificate may come until the end of this many Belgian working days after the report. */
  certificateWorkingDays: number;
  /** AGENCY_OFFICE_HOURS (`1-5 08:30-17:30; 6 09:00-12:00`, Brussels time): shown before a worker writes. */
  officeHours: OfficeHoursDay[];
  /** AGENCY_ANSWER_HOURS: the usual answer time, in office hours (docs/decisions/270-conversations.md). */
  answerWithinHours: number;
};

export const AGENCY_DEFAULTS: AgencySettings = {
  email: 'agence@demo.example',
  phone: '+32 2 555 01 23',
  locale: 'fr',
  certificateWorkingDays: CERTIFICATE_WORKING_DAYS,
  officeHours: parseOfficeHours(DEFAULT_OFFICE_HOURS)!,
  answerWithinHours: DEFAULT_ANSWER_HOURS,
};

export const agencyOf = (config: Pick<Config, 'agency'>): AgencySettings => ({ ...AGENCY_DEFAULTS, ...config.agency });

/** The agency settings of the environment; a value that does not parse stops the server rather than mislead workers. */
export function agencyFromEnv(env: NodeJS.ProcessEnv): Partial<AgencySettings> {
  const settings: Partial<AgencySettings> = {};
  if (env.AGENCY_EMAIL) {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(env.AGENCY_EMAIL)) throw new Error(`AGENCY_EMAIL is not an e-mail address: ${env.AGENCY_EMAIL}`);
    settings.email = env.AGENCY_EMAIL;
  }
  if (env.AGENCY_PHONE) {
    if (!/^\+?[\d ./()-]{6,25}$/.test(env.AGENCY_PHONE)) throw new Error(`AGENCY_PHONE is not a phone number: ${env.AGENCY_PHONE}`);
    settings.phone = env.AGENCY_PHONE;
  }
  if (env.AGENCY_LOCALE) {
    if (env.AGENCY_LOCALE !== 'fr' && env.AGENCY_LOCALE !== 'nl') throw new Error('AGENCY_LOCALE must be fr or nl');
    settings.locale = env.AGENCY_LOCALE;
  }
  if (env.CERTIFICATE_WORKING_DAYS) {
    const days = Number(env.CERTIFICATE_WORKING_DAYS);
    if (!Number.isInteger(days) || days < 0 || days > 30) throw new Error('CERTIFICATE_WORKING_DAYS must be a whole number from 0 to 30');
    settings.certificateWorkingDays = days;
  }
  if (env.AGENCY_OFFICE_HOURS) {
    const hours = parseOfficeHours(env.AGENCY_OFFICE_HOURS);
    if (!hours) throw new Error(`AGENCY_OFFICE_HOURS must read like "1-5 08:30-17:30; 6 09:00-12:00": ${env.AGENCY_OFFICE_HOURS}`);
    settings.officeHours = hours;
  }
  if (env.AGENCY_ANSWER_HOURS) {
    const hours = Number(env.AGENCY_ANSWER_HOURS);
    if (!Number.isInteger(hours) || hours < 1 || hours > 168) throw new Error('AGENCY_ANSWER_HOURS must be a whole number of hours from 1 to 168');
    settings.answerWithinHours = hours;
  }
  return settings;
}

export const hoursWindow = (config: Config): number => config.hoursConfirmWindowMs ?? HOURS_CONFIRM_WINDOW_MS;
export const studentQuotas = (config: Config): StudentQuotas => config.studentQuotas ?? STUDENT_QUOTAS;
/** How offers are staffed under this configuration (docs/decisions/262-give-back.md). */
export const staffingSettings = (config: Config): { giveBackMs: number; quotas: StudentQuotas } => ({
  giveBackMs: config.offerGiveBackMs ?? OFFER_GIVE_BACK_HOURS * 3_600_000,
  quotas: studentQuotas(config),
});

/** `2025:650,2023:600,0:475` → the quotas; anything unreadable is a configuration error, said at start. */
export function parseStudentQuotas(text: string): StudentQuotas {
  const quotas = text.split(',').map((part) => {
    const match = /^\s*(\d{1,4})\s*:\s*(\d{1,4})\s*$/.exec(part);
    if (!match) throw new Error(`STUDENT_QUOTAS: "${part}" is not YEAR:HOURS`);
    return { from: Number(match[1]), hours: Number(match[2]) };
  });
  if (!quotas.some((q) => q.from === 0)) throw new Error('STUDENT_QUOTAS: give the quota of the earliest years as 0:HOURS');
  return quotas;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = env.PORT ?? '3000';
  const host = env.HOST ?? '127.0.0.1';
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    uploadsDir: join(dataDir, 'uploads'),
    publicUrl: (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/+$/, ''),
    backofficeToken: env.BACKOFFICE_TOKEN ? env.BACKOFFICE_TOKEN : null,
    smtpUrl: env.SMTP_URL ? env.SMTP_URL : null,
    mailFrom: env.MAIL_FROM ?? 'Portail intérimaires <no-reply@localhost>',
    scryptLog2N: 15,
    trustProxy: count('TRUST_PROXY', env.TRUST_PROXY, 0, 10, 0),
    databaseWaitMs: count('DATABASE_WAIT_MS', env.DATABASE_WAIT_MS, 0, 60_000, 2_000),
    databasePoolMax: count('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 1, 1_000, 10),
    logLevel: logLevel(env.LOG_LEVEL),
    imageMaxEdge: count('IMAGE_MAX_EDGE', env.IMAGE_MAX_EDGE, 1, 100_000, 16_384),
    now: () => new Date(),
    ...(env.HOURS_CONFIRM_HOURS ? { hoursConfirmWindowMs: positiveHours(env.HOURS_CONFIRM_HOURS) } : {}),
    ...(env.STUDENT_QUOTAS ? { studentQuotas: parseStudentQuotas(env.STUDENT_QUOTAS) } : {}),
    ...(env.OFFER_GIVE_BACK_HOURS ? { offerGiveBackMs: count('OFFER_GIVE_BACK_HOURS', env.OFFER_GIVE_BACK_HOURS, 0, 24 * 31, 48) * 3_600_000 } : {}),
    agency: agencyFromEnv(env),
    vapidKeys: vapidFromEnv(env),
    ...(env.VAPID_SUBJECT ? { vapidSubject: vapidSubject(env.VAPID_SUBJECT) } : {}),
    pushAllowedOrigins: parseAllowedOrigins(env.PUSH_ALLOWED_ORIGINS),
    pushPollMs: count('PUSH_POLL_MS', env.PUSH_POLL_MS, 0, 600_000, 2_000),
  };
}

/** Both VAPID keys or neither: half a pair would sign what no browser subscribed to. */
function vapidFromEnv(env: NodeJS.ProcessEnv): Config['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (!publicKey && !privateKey) return null;
  if (!/^[A-Za-z0-9_-]{87}$/.test(publicKey) || !/^[A-Za-z0-9_-]{43}$/.test(privateKey))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, base64url (npx web-push generate-vapid-keys)');
  return { publicKey, privateKey };
}

function vapidSubject(text: string): string {
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(text)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: address (it is "${text}")`);
  return text;
}

/** The drain on SIGTERM (server/main.ts): read by main only. */
export function drainFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    /** DRAIN_NOTICE_MS: how long readiness says "not ready" before the port closes, for a load balancer to notice. */
    noticeMs: count('DRAIN_NOTICE_MS', env.DRAIN_NOTICE_MS, 0, 120_000, 2_000),
    /** DRAIN_TIMEOUT_MS: how long requests in flight may take to finish before they are cut. */
    timeoutMs: count('DRAIN_TIMEOUT_MS', env.DRAIN_TIMEOUT_MS, 0, 600_000, 20_000),
  };
}

/** A whole number setting, or its default when unset; anything else stops the start with a clear message. */
function count(name: string, text: string | undefined, min: number, max: number, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (it is "${text}")`);
  return value;
}

function logLevel(text: string | undefined): LogLevel {
  if (text === undefined || text === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(text)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (it is "${text}")`);
  return text as LogLevel;
}

function positiveHours(text: string): number {
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 31) throw new Error(`HOURS_CONFIRM_HOURS: "${text}" is not a number of hours (0 < h ≤ 744)`);
  return hours * 60 * 60 * 1000;
}
