/**
 * The push loop of one server process (docs/decisions/252-push-outbox.md): every PUSH_POLL_MS, and at once when a
 * request has just queued pushes (`wake`), it records the reminders that have come and sends what is due. Rounds
 * never overlap within a process; several processes share the outbox safely (push-sender.ts). With no poll (tests),
 * nothing runs unless asked: `runOnce` does one round on the injected clock.
 */
import { AsyncResource } from 'node:async_hooks';
import { loggableError, type Logger } from '../log.ts';
import type { Db } from '../storage/db.ts';
import { recordReminders } from './notification-reminders.ts';
import { createPushSender, type RoundTotals } from './push-sender.ts';
import type { VapidKeys } from './push-keys.ts';
import type { PushTransport } from './push-transport.ts';

/** Reminders are looked for at most this often by the timer (a wake-up sends without looking). */
const REMINDER_SCAN_MS = 60_000;

export type PushService = {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Something was queued: send it now (a no-op without a loop). */
  wake(): void;
  /** One round: reminders, then everything due (tests, the back-office's test push). */
  runOnce(): Promise<RoundTotals & { reminders: number }>;
  /** Resolves when the round under way (if any) is over. */
  idle(): Promise<void>;
  /** Stops the timer and waits for the round under way. */
  stop(): Promise<void>;
};

export function createPushService(
  db: Db,
  options: {
    keys: VapidKeys;
    subject: string;
    allowedOrigins: readonly string[];
    transport: PushTransport;
    now: () => Date;
    log: Logger;
    pollMs: number;
    /** More work found on the clock with the reminders (the conversations' mails and purge); a failure is logged. */
    scans?: ReadonlyArray<(now: Date) => Promise<unknown>>;
  },
): PushService {
  const { log } = options;
  const sender = createPushSender(db, options);
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastScan = 0;

  async function round(scan: boolean) {
    const reminders = scan ? await recordReminders(db, options.now()) : 0;
    if (scan)
      for (const job of options.scans ?? [])
        await job(options.now()).catch((error: unknown) => log.error({ event: 'scan_failed', err: loggableError(error) }, 'a scan of the push loop failed'));
    return { ...(await sender.runDue()), reminders };
  }

  /** One round at a time; a wake-up during a round makes another right after it. */
  function run(scan: boolean): Promise<unknown> {
    if (running) {
      again = true;
      return running;
    }
    running = round(scan)
      .catch((error: unknown) => log.error({ event: 'push_round_failed', err: loggableError(error) }, 'a round of the push outbox failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void run(false);
        }
      });
    return running;
  }

  // Scheduled in the context the service was made in (the start), never in a request's: what a round runs must not
  // be taken for a statement of that request's transaction (server/storage/request-transaction.ts).
  const soon = AsyncResource.bind((fn: () => void) => setImmediate(fn));
  const tick = AsyncResource.bind(() => {
    const scan = Date.now() - lastScan >= REMINDER_SCAN_MS;
    if (scan) lastScan = Date.now();
    void run(scan).finally(() => {
      if (!stopped) timer = setTimeout(tick, options.pollMs);
    });
  });
  if (options.pollMs > 0) timer = setTimeout(tick, 0);

  return {
    publicKey: options.keys.publicKey,
    wake() {
      if (options.pollMs > 0 && !stopped) soon(() => void run(false));
    },
    async runOnce() {
      while (running) await running;
      return (await round(true)) as RoundTotals & { reminders: number };
    },
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}
