import { useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { Notification, NotificationList } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';
import { NotificationsScreen } from '../features/notifications/notifications-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { setUnread } from './-notification-count.ts';

/** The list, its unread count given to the bell; null when it could not be read (the client already said why). */
const loadNotifications = (api: Api) =>
  api
    .unwrap(api.client.GET('/user/me/notifications'))
    .then((list) => {
      setUnread(list.unread);
      return list;
    })
    .catch((): NotificationList | null => null);

const markRead = (api: Api, ids: string[]) =>
  api.unwrap(api.client.POST('/user/me/notifications/read', { body: { ids } })).then(({ unread }) => setUnread(unread));

export const Route = createFileRoute('/notifications')({
  loader: ({ context }) => loadNotifications(context.api),
  codeSplitGroupings: [['loader', 'component']],
  component: NotificationsRoute,
});

function NotificationsRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const list = Route.useLoaderData();
  const router = useRouter();
  const [markingAll, setMarkingAll] = useState(false);
  // Opening one marks it read first (a failure still opens it: the list says it again next time).
  const open = (item: Notification) => {
    const marked = item.readAt === null ? markRead(api, [item.id]).catch(() => undefined) : Promise.resolve();
    void marked.then(() => router.navigate({ href: item.link }));
  };
  const markAll = () => {
    const ids = (list?.items ?? []).filter((i) => i.readAt === null).map((i) => i.id);
    if (ids.length === 0) return;
    setMarkingAll(true);
    void markRead(api, ids.slice(0, 100))
      .then(() => router.invalidate())
      .catch(() => undefined)
      .finally(() => setMarkingAll(false));
  };
  return <NotificationsScreen list={list} onOpen={open} onMarkAllRead={markAll} markingAll={markingAll} onRetry={() => void router.invalidate()} />;
}
