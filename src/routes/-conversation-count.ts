/**
 * The menu's count of conversations with a reply not read (src/ui/menu-counts.ts, under /conversations): read after
 * every page the gate lets a signed-in worker into, as the bell's count is (./-notification-count.ts), and set from
 * the answers that carry it (the list, a reply marked read). A read that fails says nothing (docs/decisions/270-conversations.md).
 */
import { isSignedIn } from '../../machines/session.selectors.ts';
import type { Api } from '../api/client.ts';
import type { RouterContext } from '../router-context.ts';
import { menuCounts } from '../ui/menu-counts.ts';

export const CONVERSATIONS_PATH = '/conversations';

export const setConversationsUnread = (unread: number): void => menuCounts.set(CONVERSATIONS_PATH, unread);

async function readUnread(api: Api): Promise<void> {
  const { data } = await api.client.GET('/user/me/conversations/unread', { middleware: [api.saidInPlace] });
  if (data) setConversationsUnread(data.unread);
}

export function countConversations({ api, session }: Pick<RouterContext, 'api' | 'session'>): void {
  if (!isSignedIn(session.getSnapshot())) {
    menuCounts.set(CONVERSATIONS_PATH, null);
    return;
  }
  void readUnread(api).catch(() => undefined);
}
