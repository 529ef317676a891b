/**
 * Tells workers of news (server/services/notification-events.ts): the events go to their notification list and the
 * push outbox in the request's transaction, and the sender is woken once it is committed (the request's
 * `deps.push` defers the wake-up to after the commit: one-transaction.ts). Mails stay as they are, beside.
 */
import { recordNotifications, type NotificationEvent } from '../services/notifications.ts';
import type { AnyRequest } from './operation.ts';

export async function notify(req: AnyRequest, events: readonly NotificationEvent[]): Promise<{ ids: string[]; queued: number }> {
  const recorded = await recordNotifications(req.deps.db, events, req.now);
  if (recorded.queued > 0) req.deps.push.wake();
  return recorded;
}
