/**
 * What the server reads from its environment, in one place. Tests build a Config directly (in-memory
 * database, a fixed clock, cheap password hashing).
 */
import { join, resolve } from 'node:path';

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
};

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
  };
}
