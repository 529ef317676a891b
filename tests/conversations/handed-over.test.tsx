// @vitest-environment jsdom
/**
 * The page that started a new conversation, while the conversation's own page replaces it (machines/conversation.machine.ts,
 * `handedOver`; docs/decisions/272-conversation-drafts.md): it shows what was sent, and its field, its files and its
 * Send take nothing more, so that nothing typed in that moment goes to a page that is leaving.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { conversationMachine } from '../../machines/conversation.machine.ts';
import type { ConversationLoaded, SendInput, SendOutcome } from '../../machines/conversation.types.ts';
import { ConversationScreen } from '../../src/features/conversations/conversation-screen.tsx';
import { m } from '../../src/paraglide/messages.js';
import { PAYSLIP, STARTED, TEXT } from '../machines/fixtures/conversation.ts';

async function newQuestionPage() {
  const logic = conversationMachine.provide({
    actors: {
      loadConversation: fromPromise<ConversationLoaded, Pick<SendInput, 'conversationId' | 'about'>>(async () => ({
        conversation: null,
        subject: PAYSLIP,
        draft: '',
      })),
      sendMessage: fromPromise<SendOutcome, SendInput>(async () => ({ started: STARTED })),
    },
    actions: { storeDraft: () => undefined, markRead: () => undefined, showStarted: () => undefined },
  });
  const actor = createActor(logic, { input: { conversationId: null, about: { kind: 'document', id: PAYSLIP.id } } }).start();
  const root = createRootRoute({ component: () => <ConversationScreen actor={actor} hours={null} download={async () => undefined} /> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/conversations/new'] }) })} />);
  await waitFor(actor, (s) => s.matches('reading'));
  await screen.findByLabelText(m.conversation_yourMessage(), { selector: 'textarea' });
  return actor;
}

const field = () => screen.getByLabelText(m.conversation_yourMessage(), { selector: 'textarea' }) as HTMLTextAreaElement;
const send = () => screen.getByRole('button', { name: m.conversation_send() });

describe('a new question, once its first message started the conversation', () => {
  it('takes text, a file and Send before; shows what was sent and takes none of them after', async () => {
    const actor = await newQuestionPage();
    expect([field().readOnly, send().hasAttribute('disabled'), screen.queryByLabelText(m.conversation_attach()) !== null]).toEqual([false, false, true]);

    actor.send({ type: 'conversation.type', text: TEXT });
    actor.send({ type: 'conversation.send' });
    await waitFor(actor, (s) => s.matches('handedOver'));

    expect((await screen.findByTestId('conversation-messages')).textContent).toContain(TEXT);
    expect([field().readOnly, send().hasAttribute('disabled'), screen.queryByLabelText(m.conversation_attach()) !== null]).toEqual([true, true, false]);
    // What a keystroke would send meanwhile is not taken: the field stays empty, nothing else is sent.
    actor.send({ type: 'conversation.type', text: 'Et une deuxième' });
    actor.send({ type: 'conversation.send' });
    expect([actor.getSnapshot().value, actor.getSnapshot().context.draft]).toEqual(['handedOver', '']);
  });
});
