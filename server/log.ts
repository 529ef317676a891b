/**
 * The server's log: one JSON object per line on stdout (pino), for an operator to search and a collector to ship.
 * What goes in is chosen field by field by the code that logs (the request line, the database events, unexpected
 * errors): never a header, a token, a path with its parameters, a query or a body, so that nothing secret or personal
 * can slip in by a field added elsewhere. docs/decisions/182-request-log.md.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** The levels LOG_LEVEL may name; `silent` logs nothing (tests). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // Level names rather than numbers, and an ISO time: a line reads alone, without pino's tools.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { pid: process.pid },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** An error as the log shows it: its kind, code, message and stack; not the driver's `detail`, which quotes values. */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error).slice(0, 500) };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message.slice(0, 500), stack: error.stack };
}
