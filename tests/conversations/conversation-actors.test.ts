// @vitest-environment jsdom
/**
 * The conversation page's read (src/actors/conversations.ts): the draft kept for the tab is read once the answer is
 * in, not when the page's actor starts: a draft kept for the tab (a reload) while the read is on its way opens the page
 * with it (docs/decisions/272-conversation-drafts.md).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createApi } from '../../src/api/client.ts';
import { createConversationLogic, draftKey } from '../../src/actors/conversations.ts';
import { storage } from '../../src/storage.ts';
import { CONVERSATION } from '../machines/fixtures/conversation.ts';

const OWNER = 'anne@test.example';

function opened() {
  // The read is held until the test answers it (once the client has sent it).
  let asked: (answer: (response: Response) => void) => void = () => undefined;
  const sent = new Promise<(response: Response) => void>((resolve) => (asked = resolve));
  const api = createApi({
    baseUrl: 'http://portal.test/api',
    fetch: () => new Promise<Response>((resolve) => asked(resolve)),
    getToken: () => 'tok-123',
    getLocale: () => 'fr',
    onUnauthorized: () => undefined,
    notify: () => undefined,
  });
  const logic = createConversationLogic({
    api,
    preparer: () => Promise.reject(new Error('no photo in this test')),
    owner: OWNER,
    onUnread: () => undefined,
    onStarted: () => undefined,
  });
  const actor = createActor(logic, { input: { conversationId: CONVERSATION.id, about: null } }).start();
  const reply = async () => (await sent)(new Response(JSON.stringify(CONVERSATION), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  return { actor, reply };
}

afterEach(() => sessionStorage.clear());

describe('loadConversation: the draft kept for the tab', () => {
  it('is the one kept when the answer arrives, typed after the page started', async () => {
    const { actor, reply } = opened();
    expect(actor.getSnapshot().value).toBe('loading');
    storage.set(draftKey(OWNER, CONVERSATION.id, null), 'Et pour le 12 ?', { session: true, ttlMs: 60_000 });
    await reply();
    const shown = await waitFor(actor, (s) => !s.matches('loading'));
    expect([shown.value, shown.context.draft]).toEqual(['composing', 'Et pour le 12 ?']);
  });

  it('is none when nothing was kept: the conversation is read', async () => {
    const { actor, reply } = opened();
    await reply();
    const shown = await waitFor(actor, (s) => !s.matches('loading'));
    expect([shown.value, shown.context.draft]).toEqual(['reading', '']);
  });
});
