/**
 * The conversations' interactions for the bench (inp.ts): opening a conversation of 200 messages from the list, and
 * sending one in it (the click on Send: the message at the end, the field emptied). Each run has its own worker and
 * conversation, the 200 messages written through the API (the worker's and the agency's in turn). The interaction
 * budget of requirements §11 applies to both (docs/decisions/270-conversations.md).
 */
import type { Locator, Page } from '@playwright/test';
import { backoffice, createWorker, signIn } from '../../e2e/support/workers.ts';

type Request = Parameters<typeof createWorker>[0];
export type ConversationScenario = { name: string; prepare(page: Page): Promise<string | null>; run(page: Page): Promise<number> };
type Measure = (page: Page, target: Locator, done: () => Promise<unknown>) => Promise<number>;
type Probe = (locator: Locator, missing: string) => Promise<string | null>;

export const LONG_CONVERSATION = 200;

/** A worker signed in with one conversation of 200 messages (and its id). */
async function withLongConversation(request: Request, page: Page): Promise<string> {
  const worker = await createWorker(request, { stage: 'approved' });
  const auth = { Authorization: `Bearer ${worker.token}` };
  const started = await request.post('/api/user/me/conversations', { headers: auth, multipart: { text: 'Message 1 : une question sur ma fiche de paie.' } });
  if (started.status() !== 201) throw new Error(`startConversation answered ${started.status()}`);
  const { id } = (await started.json()) as { id: string };
  for (let n = 2; n <= LONG_CONVERSATION; n++) {
    const text = `Message ${n} : ${'une phrase de plus sur les heures et la paie. '.repeat(1 + (n % 4))}`;
    if (n % 2 === 0) await backoffice(request, 'POST', `/conversations/${id}/reply`, { text, authorName: 'Sofie' }, 201);
    else {
      const sent = await request.post(`/api/user/me/conversations/${id}/messages`, { headers: auth, multipart: { text } });
      if (sent.status() !== 201) throw new Error(`sendConversationMessage answered ${sent.status()}`);
    }
  }
  await signIn(page, worker);
  return id;
}

export function conversationScenarios(request: Request, measure: Measure, probe: Probe): ConversationScenario[] {
  const messages = (page: Page) => page.getByTestId('conversation-messages').getByRole('listitem');
  const last = (page: Page, n: number) => page.getByTestId('conversation-messages').getByText(new RegExp(`^Message ${n} :`));
  return [
    {
      name: `open a conversation of ${LONG_CONVERSATION} messages (from the list)`,
      async prepare(page) {
        const id = await withLongConversation(request, page);
        await page.goto('/conversations');
        return probe(page.locator(`[data-conversation="${id}"]`).getByRole('link'), 'the conversations are not in this build');
      },
      run: (page) =>
        measure(page, page.locator('[data-conversation]').first().getByRole('link'), () => last(page, LONG_CONVERSATION).waitFor({ timeout: 30_000 })),
    },
    {
      name: `send a message in a conversation of ${LONG_CONVERSATION} messages`,
      async prepare(page) {
        const id = await withLongConversation(request, page);
        await page.goto(`/conversations/${id}`);
        const missing = await probe(messages(page).last(), 'the conversations are not in this build');
        if (missing) return missing;
        await page.getByLabel('Message', { exact: true }).fill(`Message ${LONG_CONVERSATION + 1} : merci, et pour le 12 ?`);
        return null;
      },
      run: (page) =>
        measure(page, page.getByRole('button', { name: 'Envoyer', exact: true }), () => last(page, LONG_CONVERSATION + 1).waitFor({ timeout: 30_000 })),
    },
  ];
}
