/** The home's line about the agency's replies not read yet (the menu's count, src/ui/menu-counts.ts): none, nothing. */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { useMenuCount } from '../../ui/menu-counts.ts';
import * as s from './home-summary.css.ts';

export function HomeConversations() {
  const unread = useMenuCount('/conversations');
  if (!unread) return null;
  return (
    <section aria-labelledby="home-conversations" className={s.card} data-home-conversations={unread}>
      <h2 id="home-conversations" className={s.title}>
        {m.conversations_homeTitle()}
      </h2>
      <p className={s.count}>{m.conversations_homeUnread({ count: unread })}</p>
      <Link to="/conversations" className={s.link}>
        {m.conversations_homeLink()}
      </Link>
    </section>
  );
}
