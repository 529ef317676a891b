/**
 * Push notifications and the notification list (tag notifications; docs/decisions/251-push-devices.md,
 * 254-notifications-in-the-portal.md): this device's subscription, the worker's settings, the list and its unread
 * count, and the back-office's test push and list of devices.
 */
import type { NotificationCount, NotificationList, NotificationSettings, PushDevice, PushKey, TestNotificationQueued } from '#domain/api-schema.ts';
import { V } from '#domain/validation-keys.ts';
import { testEvent } from '../services/notification-events.ts';
import { markRead, notificationList, saveSettings, settingsOf, unreadCount } from '../services/notifications.ts';
import { endpointRefusal } from '../services/push-endpoints.ts';
import { devicesOf, subscribe, unsubscribe } from '../services/push-subscriptions.ts';
import { target } from './backoffice.ts';
import { assertDistinct, forbidden, type FieldIssue } from './errors.ts';
import { me, myToken } from './guards.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';

/** A support session is the agency looking: the worker's pushes must not go to the agency's browser. */
const notInSupportSession = (req: AnyRequest) => {
  if (me(req).session_impersonated === true) throw forbidden('forbidden');
};

/** The browser's P-256 key is an uncompressed point: 65 bytes, the first 0x04. */
const isPointKey = (key: string) => {
  const bytes = Buffer.from(key, 'base64url');
  return bytes.length === 65 && bytes[0] === 0x04;
};

export const notificationOperations = {
  getPushKey: {
    handle: (req) => req.c.json<PushKey>({ publicKey: req.deps.push.publicKey }),
  },
  subscribePush: {
    guard: notInSupportSession,
    rules(req) {
      const issues: FieldIssue[] = [];
      if (endpointRefusal(req.body.endpoint, req.deps.config.pushAllowedOrigins ?? [])) issues.push({ path: 'endpoint', key: V.pushEndpoint });
      if (!isPointKey(req.body.keys.p256dh)) issues.push({ path: 'keys.p256dh', key: V.pushKeys });
      return issues;
    },
    async handle(req) {
      await subscribe(req.deps.db, me(req).id, myToken(req), req.body, req.now);
      return req.c.body(null, 204);
    },
  },
  unsubscribePush: {
    async handle(req) {
      await unsubscribe(req.deps.db, me(req).id, req.body.endpoint);
      return req.c.body(null, 204);
    },
  },
  getNotificationSettings: {
    handle: async (req) => req.c.json<NotificationSettings>(await settingsOf(req.deps.db, me(req).id)),
  },
  saveNotificationSettings: {
    rules: ({ body }) => (body.quietHours && body.quietHours.start === body.quietHours.end ? [{ path: 'quietHours.end', key: V.quietHoursEmpty }] : []),
    handle: async (req) => req.c.json<NotificationSettings>(await saveSettings(req.deps.db, me(req).id, req.body)),
  },
  getNotifications: {
    handle: async (req) => req.c.json<NotificationList>(await notificationList(req.deps.db, me(req).id, me(req).locale, req.now)),
  },
  getUnreadNotifications: {
    handle: async (req) => req.c.json<NotificationCount>({ unread: await unreadCount(req.deps.db, me(req).id, req.now) }),
  },
  markNotificationsRead: {
    async handle(req) {
      assertDistinct(req.body.ids, (id) => id);
      return req.c.json<NotificationCount>({ unread: await markRead(req.deps.db, me(req).id, req.body.ids, req.now) });
    },
  },
  backofficeSendTestNotification: {
    async handle(req) {
      const worker = await target(req);
      const { ids, queued } = await notify(req, testEvent(worker, req.now));
      return req.c.json<TestNotificationQueued>({ notification: ids[0]!, devices: queued }, 202);
    },
  },
  backofficeListPushDevices: {
    handle: async (req) => req.c.json<PushDevice[]>(await devicesOf(req.deps.db, (await target(req)).id, req.now)),
  },
} satisfies Partial<Operations>;
