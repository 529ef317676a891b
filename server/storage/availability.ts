/**
 * Whether the PostgreSQL server can be reached, as the pool of storage/postgres.ts learns it: a connection refused or
 * lost marks it away; from then on a probe connects every PROBE_MS until the server answers, and marks it back. While
 * it is away, new statements wait for its return (up to the caller's limit) instead of each trying to connect.
 * docs/decisions/180-database-outages.md.
 */

/** How often the probe tries while the database is away: the return is seen within this (plus a connect). */
const PROBE_MS = 100;

/**
 * SQLSTATEs and node-postgres messages that mean the connection, not the statement, failed: the server shut down or
 * terminated the session (57P01-57P03, class 08), or refuses connections for now (53300); the socket closed or never
 * opened. Anything else (a constraint, a syntax error) is the statement's own failure.
 */
const CONNECTION_STATES = /^(08|57P0[123]$|53300$)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const LOST_MESSAGES = /Connection terminated|not queryable/i;

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_STATES.test(code) || SOCKET_CODES.has(code))) return true;
  return LOST_MESSAGES.test(error.message);
}

/** A short reason for the logs: the SQLSTATE or socket code and the first words of the message (no statement, no values). */
export const reasonOf = (error: unknown): string => {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message.slice(0, 120) : String(error).slice(0, 120);
  return typeof code === 'string' ? `${code} ${message}` : message;
};

export type AvailabilityEvents = {
  unavailable(reason: string): void;
  available(downMs: number): void;
};

export type Availability = {
  readonly up: boolean;
  /** The database was found away (idempotent while it is). */
  markDown(reason: string): void;
  /** Resolves true once it is up (at once if it is), false when `ms` passed first. */
  waitUp(ms: number): Promise<boolean>;
  /** Stops probing (the pool closes). */
  close(): void;
};

export function availability(probe: () => Promise<void>, events: AvailabilityEvents, probeMs = PROBE_MS): Availability {
  let down: { since: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const waiters = new Set<() => void>();

  const tryAgain = async () => {
    timer = null;
    if (closed || !down) return;
    try {
      await probe();
    } catch {
      if (!closed) timer = setTimeout(tryAgain, probeMs);
      return;
    }
    const downMs = Date.now() - down.since;
    down = null;
    events.available(downMs);
    for (const wake of waiters) wake();
    waiters.clear();
  };

  return {
    get up() {
      return down === null;
    },
    markDown(reason) {
      if (down || closed) return;
      down = { since: Date.now() };
      events.unavailable(reason);
      timer = setTimeout(tryAgain, 0);
    },
    waitUp(ms) {
      if (!down) return Promise.resolve(true);
      if (ms <= 0) return Promise.resolve(false);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(limit);
          resolve(true);
        };
        const limit = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, ms);
        waiters.add(wake);
      });
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const wake of waiters) wake();
      waiters.clear();
    },
  };
}
