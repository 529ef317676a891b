/**
 * The conversation machine's paths through the real UI, against the reference server (docs/conventions.md, Tests): the
 * model of tests/machines/conversation.paths.test.ts, its covering subset, failures injected by reading ahead (a read
 * or a send answered 500, a send whose connection drops for the offline state). A kept draft (a load's output) is put
 * in the tab's session storage before the page opens, as a reload would leave it (docs/decisions/272-conversation-drafts.md).
 */
import type { Page, Response, Route } from '@playwright/test';
import type { EventObject, SnapshotFrom } from 'xstate';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { conversationMachine } from '../../machines/conversation.machine.ts';
import type { ConversationInput } from '../../machines/conversation.types.ts';
import type { ConversationLoaded } from '../../machines/conversation.types.ts';
import { CONVERSATION_INPUTS, NO_ANSWER } from '../../tests/machines/fixtures/conversation.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { JPEG } from '../../tests/fixtures/worker-data.ts';
import { draftKey } from '../../src/actors/conversations.ts';
import { backoffice, createWorker, signIn, workerPath, type Worker } from '../support/workers.ts';
import { pathName } from '../../tests/machines/helpers/model.ts';
import { browserPaths, coverageProblems, firstOutput, routeOutcomes, stepExecutors } from './browser-paths.ts';
import { m } from '../../src/paraglide/messages.js';

type Snap = SnapshotFrom<typeof conversationMachine>;
const fr = { locale: 'fr' } as const;
const { paths, title } = browserPaths(
  conversationMachine,
  MODELS.conversation.runs().map(({ input, paths: all }) => ({ input, paths: all })),
  {
    // Two paths may differ only by an outcome's variant (no answer, or a refusal): the error's code names which.
    name: (path, input) =>
      `${CONVERSATION_INPUTS.find((i) => i.input === input)?.label}: ${pathName(path as never)} ${path.steps
        .filter((s) => s.event.type === 'xstate.error.actor.sendMessage')
        .map((s) => (s.event as unknown as { error: { code: string } }).error.code)
        .join(', ')}`.trim(),
  },
);

// The injected failures are answered 500 or dropped: the browser logs each one.
test.use({ allowedConsoleErrors: [/status of 500|ERR_CONNECTION_RESET/] });

test(title, () => {
  expect(coverageProblems(conversationMachine, paths)).toEqual([]);
});

/** A question of the worker's on the server, answered by the agency when the path reads it unread. */
async function existingConversation(page: Page, worker: Worker, unread: boolean): Promise<string> {
  const started = await page.request.post('/api/user/me/conversations', {
    headers: { Authorization: `Bearer ${worker.token}` },
    multipart: { text: 'Il manque deux heures sur ma fiche de février.' },
  });
  expect(started.status()).toBe(201);
  const id = ((await started.json()) as { id: string }).id;
  if (unread) await backoffice(page.request, 'POST', `/conversations/${id}/reply`, { text: 'Nous vérifions avec le client.' }, 201);
  return id;
}

/** The sends in the path's order: through, answered 500, or the connection dropped. */
function sendOutcomes(steps: ReadonlyArray<{ event: EventObject }>): Array<'ok' | 'fail' | 'drop'> {
  return steps
    .filter((s) => s.event.type.endsWith('.actor.sendMessage'))
    .map((s) => (s.event.type.startsWith('xstate.done') ? 'ok' : (s.event as unknown as { error: unknown }).error === NO_ANSWER ? 'drop' : 'fail'));
}

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const input = path.input as ConversationInput;
    const worker = await createWorker(page.request);
    const loaded = firstOutput<ConversationLoaded>(path, 'loadConversation');
    let url: string;
    let conversationId: string | null = null;
    let about: ConversationInput['about'] = null;
    if (input.conversationId) {
      conversationId = await existingConversation(page, worker, loaded?.conversation?.unread === true);
      url = `/conversations/${conversationId}`;
    } else {
      const payslip = await backoffice<{ name: string }>(
        page.request,
        'POST',
        `${workerPath(worker.email)}/documents`,
        { kind: 'payslip', year: 2027, month: 2, amount: 1234.56 },
        201,
      );
      about = { kind: 'document', id: payslip.name };
      url = `/conversations/new?kind=document&id=${payslip.name}`;
    }
    await signIn(page, worker);
    if (loaded?.draft) {
      const key = `portal.v1.${draftKey(worker.email, conversationId, about)}`;
      await page.addInitScript(([k, v]) => sessionStorage.setItem(k!, JSON.stringify({ value: v, expiresAt: Date.now() + 3_600_000 })), [key, loaded.draft]);
    }
    const reads = await routeOutcomes(
      page,
      conversationId ? `**/api/user/me/conversations/${conversationId}` : '**/api/user/me/conversation-subjects/**',
      path.steps.filter((s) => s.event.type.endsWith('.actor.loadConversation')).map((s) => (s.event.type.startsWith('xstate.done') ? 'ok' : 'fail')),
      { status: 500, code: 'internal_error', message: 'Erreur' },
    );
    const sends = sendOutcomes(path.steps);
    await page.route(
      (u) => u.pathname === '/api/user/me/conversations' || /^\/api\/user\/me\/conversations\/[^/]+\/messages$/.test(u.pathname),
      async (route: Route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        const next = sends.shift();
        if (next === 'drop') return route.abort('connectionreset');
        if (next === 'fail') return route.fulfill({ status: 500, json: { code: 'internal_error', message: 'Erreur' } });
        return route.continue();
      },
    );
    const field = page.getByLabel(m.conversation_yourMessage({}, fr), { exact: true });
    // A new question's own page reads its conversation once it has replaced the page that started it (the leaving
    // page, handed over, takes nothing more: decision 272). A path that never starts one leaves this waiting until
    // the page closes.
    const ownConversation = (r: Response) =>
      r.request().method() === 'GET' && /\/api\/user\/me\/conversations\/c[A-Za-z0-9_-]+$/.test(new URL(r.url()).pathname);
    const ownPageRead = about ? page.waitForResponse(ownConversation, { timeout: 0 }).catch(() => undefined) : null;

    const { events } = stepExecutors({
      'xstate.init': async () => void (await page.goto(url)),
      // Emptied first: the same text typed again is still a change of the field (after a failed send, say).
      'conversation.type': async ({ event }) => {
        await field.fill('');
        await field.fill((event as unknown as { text: string }).text);
      },
      'conversation.attach': async () =>
        page.getByLabel(m.conversation_attach({}, fr)).setInputFiles({ name: 'fiche.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(JPEG) }),
      'conversation.remove': async () => page.getByRole('button', { name: m.conversation_remove({ name: 'fiche.jpg' }, fr) }).click(),
      'conversation.send': async () => page.getByRole('button', { name: m.conversation_send({}, fr) }).click(),
      'conversation.retry': async () =>
        page.getByRole('button', { name: new RegExp(`^(${m.conversations_retry({}, fr)}|${m.conversation_retry({}, fr)})$`) }).click(),
      'conversation.online': async () => page.evaluate(() => window.dispatchEvent(new Event('online'))),
    });
    await path.test({
      events,
      states: {
        '*': async (snapshot: Snap) => {
          if (snapshot.matches('loading') || snapshot.matches('sending') || snapshot.matches('deciding')) return;
          if (snapshot.matches('loadFailed')) {
            await expect(page.getByText(m.conversation_loadFailed({}, fr))).toBeVisible();
            return expectAccessible(page, 'conversation: load failed');
          }
          // A new question, once started, becomes its own page (a new actor): the next steps are taken there.
          if (about && snapshot.context.conversationId) {
            await expect(page).toHaveURL(/\/conversations\/c[A-Za-z0-9_-]+$/);
            await ownPageRead;
            await expect(page.getByTestId('conversation-messages')).toBeVisible();
          }
          await expect(field).toHaveValue(snapshot.context.draft);
          await expect(page.getByTestId('conversation-failed')).toHaveCount(snapshot.matches('failed') ? 1 : 0);
          await expect(page.getByTestId('conversation-offline')).toHaveCount(snapshot.matches('offline') ? 1 : 0);
          await expect(page.getByRole('button', { name: m.conversation_remove({ name: 'fiche.jpg' }, fr) })).toHaveCount(snapshot.context.files.length);
          // Said under the field, as its error (the hint says the limit too: the text alone would name both).
          if (snapshot.context.problem)
            await expect(page.locator('#conversation-text-error')).toContainText(m[snapshot.context.problem as 'conversation_textEmpty']({}, fr));
          // The server's conversations of these paths are about nothing; a new one is about its payslip.
          if (about) await expect(page.getByTestId('conversation-subject')).toBeVisible();
          const sent = snapshot.context.conversation?.messages.length ?? 0;
          if (snapshot.matches('reading') && sent > 0) await expect(page.getByTestId('conversation-messages').getByRole('listitem').first()).toBeVisible();
          if (snapshot.matches('failed') || snapshot.matches('offline')) await expectAccessible(page, `conversation: ${String(snapshot.value)}`);
        },
      },
    } as never);
    expect(reads.left() + sends.length, 'every outcome the path planned was used').toBe(0);
  });
}
