/**
 * What the server reads from its environment, in one place. Tests build a Config directly (in-memory
 * database, a fixed clock, cheap password hashing).
 */
import { join, resolve } from 'node:path';
import { HOURS_CONFIRM_WINDOW_MS, STUDENT_QUOTAS, type StudentQuotas } from '../src/domain/hours.ts';

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
  /** Trust the first X-Forwarded-For address (only behind a proxy that sets it). */
  trustProxy: boolean;
  /** The clock; tests inject one to reach expiries. */
  now: () => Date;
  /** HOURS_CONFIRM_HOURS: how long a recorded day waits for the worker's answer (default 48 hours). */
  hoursConfirmWindowMs?: number;
  /** STUDENT_QUOTAS (`2025:650,2023:600,0:475`): the student quota in hours from each year on (default those). */
  studentQuotas?: StudentQuotas;
};

export const hoursWindow = (config: Config): number => config.hoursConfirmWindowMs ?? HOURS_CONFIRM_WINDOW_MS;
export const studentQuotas = (config: Config): StudentQuotas => config.studentQuotas ?? STUDENT_QUOTAS;

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
    trustProxy: env.TRUST_PROXY === '1',
    now: () => new Date(),
    ...(env.HOURS_CONFIRM_HOURS ? { hoursConfirmWindowMs: positiveHours(env.HOURS_CONFIRM_HOURS) } : {}),
    ...(env.STUDENT_QUOTAS ? { studentQuotas: parseStudentQuotas(env.STUDENT_QUOTAS) } : {}),
  };
}

function positiveHours(text: string): number {
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 31) throw new Error(`HOURS_CONFIRM_HOURS: "${text}" is not a number of hours (0 < h ≤ 744)`);
  return hours * 60 * 60 * 1000;
}
