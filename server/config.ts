/**
 * What the server reads from its environment, in one place. Tests build a Config directly (in-memory
 * database, a fixed clock, cheap password hashing).
 */
import { join, resolve } from 'node:path';
import { CERTIFICATE_WORKING_DAYS } from '../src/domain/absence.ts';

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
  /** The agency's own contact and the certificate's deadline (absence reports); absent parts take their defaults. */
  agency?: Partial<AgencySettings>;
};

/** AGENCY_EMAIL, AGENCY_PHONE, AGENCY_LOCALE, CERTIFICATE_WORKING_DAYS (docs/decisions/200-absence-reports.md). */
export type AgencySettings = {
  /** Where the agency is told of an absence report (a shared mailbox of the office). */
  email: string;
  /** The number a worker must phone when the mission is less than 24 hours away; shown as a tel: link. */
  phone: string;
  /** The language of the agency's mails. */
  locale: 'fr' | 'nl';
  /** The medical certificate may come until the end of this many Belgian working days after the report. */
  certificateWorkingDays: number;
};

export const AGENCY_DEFAULTS: AgencySettings = { email: 'agence@demo.example', phone: '+32 2 555 01 23', locale: 'fr', certificateWorkingDays: CERTIFICATE_WORKING_DAYS };

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
  return settings;
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
    agency: agencyFromEnv(env),
  };
}
