/**
 * /notifications: every event the agency told the worker of, latest first, pushed to a device or not (the place where
 * a worker without the app still sees what happened). Opening one marks it read and follows its link; "Mark all as
 * read" marks the listed ones (docs/decisions/254-notifications-in-the-portal.md).
 */
import type { Notification, NotificationList } from '#domain/api-schema.ts';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../i18n/dates.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './notifications.css.ts';

export type NotificationsScreenProps = {
  list: NotificationList | null;
  /** Marks it read, then opens its link. */
  onOpen: (item: Notification) => void;
  onMarkAllRead: () => void;
  markingAll: boolean;
  onRetry: () => void;
};

export function NotificationsScreen({ list, onOpen, onMarkAllRead, markingAll, onRetry }: NotificationsScreenProps) {
  const locale = useLocale();
  const when = (iso: string) => formatDate(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Brussels' }, new Date(iso));
  return (
    <Page title={m.notifications_title()}>
      <p className={s.text}>{m.notifications_intro()}</p>
      <p className={s.text}>
        <Link to="/notification-settings">{m.notifications_settingsLink()}</Link>
      </p>
      {list === null ? (
        <div className={s.panel}>
          <p className={s.problem}>{m.notifications_loadFailed()}</p>
          <Button variant="secondary" onClick={onRetry}>
            {m.notifications_retry()}
          </Button>
        </div>
      ) : list.items.length === 0 ? (
        <p className={s.muted}>{m.notifications_empty()}</p>
      ) : (
        <>
          {list.unread > 0 ? (
            <div className={s.actions}>
              <Button variant="secondary" onClick={onMarkAllRead} loading={markingAll}>
                {m.notifications_markAllRead()}
              </Button>
            </div>
          ) : null}
          <ul className={s.list}>
            {list.items.map((item) => (
              <li key={item.id} className={s.item} data-notification={item.id} data-kind={item.kind} data-unread={item.readAt === null}>
                <a
                  href={item.link}
                  className={s.itemLink}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(item);
                  }}
                >
                  {item.title}
                </a>
                {item.readAt === null ? <span className={s.newMark}>{m.notifications_new()}</span> : null}
                <p className={s.itemBody}>{item.body}</p>
                <p className={s.itemTime}>
                  <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
