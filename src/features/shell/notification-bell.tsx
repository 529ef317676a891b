/**
 * The bell of the header: a link to the notification list with the count of unread notifications on it (set by the
 * route that reads it, src/routes/-notification-count.ts, through the menu counts). Its name says the count in
 * words; the drawn count is for the eye only.
 */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { useMenuCount } from '../../ui/menu-counts.ts';
import * as s from './shell.css.ts';

const PATH = '/notifications';

export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const count = useMenuCount(PATH);
  const label = count === null ? m.notifications_bell() : m.notifications_bellUnread({ count });
  return (
    <Link to={PATH} className={s.bell} aria-label={label} onClick={onNavigate} data-unread={count ?? 0}>
      <svg className={s.bellIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {count === null ? null : (
        <span className={s.bellCount} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/** The bell's place while the session is not known yet on a signed-in page: its size, nothing to see or press. */
export function BellPlace() {
  return <span className={s.bellPlace} aria-hidden="true" />;
}
