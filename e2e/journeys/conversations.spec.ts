/**
 * Asking the agency on a 390 px phone, in French and in Dutch (docs/decisions/270-conversations.md): from a payslip,
 * "Ask about this" opens a new question with the payslip shown and the office hours; the worker writes with a camera
 * photo, the keyboard only; the agency replies through the back-office CLI; the menu, the home and the list count
 * the reply, and opening it reads it. Then a send whose first answer is lost: the retry is answered from the kept
 * answer and the conversation holds one message (docs/decisions/210-safe-retries.md, 272-conversation-drafts.md).
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { cameraPhoto } from '../support/camera-photo.ts';
import { loseThenRetry } from '../support/held-network.ts';
import { backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { runBackoffice } from '../../scripts/backoffice.ts';
import type { BackofficeConversation } from '#domain/api-schema.ts';
import { formatCents } from '#domain/hours-format.ts';
import { m } from '../../src/paraglide/messages.js';

test.use({ viewport: { width: 390, height: 844 } });

/** The agency's reply, typed in a terminal (scripts/backoffice.ts) against the e2e server. */
async function replyByCli(baseUrl: string, conversation: string, text: string): Promise<string> {
  const lines: string[] = [];
  const code = await runBackoffice(['reply', conversation, '--text', text, '--as', 'Sofie'], {
    baseUrl,
    token: BACKOFFICE_TOKEN,
    fetch: (url, init) => fetch(url, init),
    out: (line) => lines.push(line),
  });
  expect(code, lines.join('\n')).toBe(0);
  return lines.join('\n');
}

for (const locale of ['fr', 'nl'] as const) {
  const l = { locale };
  test(`${locale}: from a payslip, a question with a photo; the agency's reply is counted and read`, async ({ page, baseURL }) => {
    const worker = await createWorker(page.request, { language: locale });
    const payslip = await backoffice<{ name: string }>(
      page.request,
      'POST',
      `${workerPath(worker.email)}/documents`,
      { kind: 'payslip', year: 2026, month: 4, amount: 1520.5 },
      201,
    );
    await signIn(page, worker);
    // As a mailed link opens it: the language named in the address.
    await page.goto(`/documents?lang=${locale}`);
    await page.getByRole('button', { name: m.documents_payslipsTitle({}, l) }).click();
    const download = m.documents_payslipDownload(
      { label: new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 3, 1))), year: 2026 },
      l,
    );
    const ask = page.getByRole('link', { name: m.conversation_askAboutThis({ what: download }, l) });
    await ask.focus();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: m.conversation_newTitle({}, l) })).toBeVisible();
    const subject = page.getByTestId('conversation-subject');
    await expect(subject).toContainText(payslip.name);
    await expect(subject).toContainText(formatCents(locale, 152050));
    await expect(page.getByTestId('agency-hours').first()).toContainText(m.conversations_hoursTitle({}, l));
    await expectAccessible(page, `new question about a payslip (${locale})`);

    const text = locale === 'fr' ? 'Il manque deux heures sur cette fiche.' : 'Er ontbreken twee uren op deze loonbrief.';
    await page.getByLabel(m.conversation_yourMessage({}, l), { exact: true }).focus();
    await page.keyboard.type(text);
    const photo = await cameraPhoto(page, test.info().outputPath('photos'));
    await page.getByLabel(m.conversation_attach({}, l)).setInputFiles(photo.path);
    await expect(page.getByRole('button', { name: m.conversation_remove({ name: 'IMG_0042.jpg' }, l) })).toBeVisible();
    // The conversation's own page reads it once it has replaced the page that sent the first message (decision 272):
    // the checks below hold on either page, and a reply that came before that read would be read by it (opened, it is
    // read), leaving nothing to count on the home.
    const ownPageRead = page.waitForResponse(
      (r) => r.request().method() === 'GET' && /\/api\/user\/me\/conversations\/c[A-Za-z0-9_-]+$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: m.conversation_send({}, l) }).focus();
    await page.keyboard.press('Enter');

    // Sent: the page becomes the conversation's own, the message with its photo, the draft emptied.
    await expect(page).toHaveURL(/\/conversations\/c[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const messages = page.getByTestId('conversation-messages');
    await expect(messages).toContainText(text);
    await expect(messages.getByRole('button', { name: 'IMG_0042.jpg' })).toBeVisible();
    await expect(page.getByLabel(m.conversation_yourMessage({}, l), { exact: true })).toHaveValue('');
    const stored = await backoffice<BackofficeConversation>(page.request, 'GET', `/conversations/${id}`);
    expect(stored.summary).toMatchObject({ status: 'waiting', subject: { kind: 'document', id: payslip.name, amountCents: 152050 } });
    expect(stored.messages[0]!.attachments).toEqual([expect.objectContaining({ name: 'IMG_0042.jpg', mediaType: 'image/jpeg' })]);

    const answer = locale === 'fr' ? 'Bien vu : la fiche corrigée suit.' : 'Klopt: de verbeterde loonbrief volgt.';
    await ownPageRead;
    await replyByCli(baseURL!, id, answer);

    // The reply is counted: on the home and in the menu.
    await page.goto('/home');
    const card = page.getByRole('region', { name: m.conversations_homeTitle({}, l) });
    await expect(card).toContainText(m.conversations_homeUnread({ count: 1 }, l));
    const menuButton = page.getByRole('button', { name: m.shell_menuButton({}, l) });
    await menuButton.click();
    const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, l) });
    await expect(nav.getByRole('link', { name: `${m.nav_conversations({}, l)} ${m.shell_menuCount({ count: 1 }, l)}` })).toBeVisible();
    await menuButton.click();
    await card.getByRole('link', { name: m.conversations_homeLink({}, l) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: m.conversations_title({}, l) })).toBeVisible();
    await expect(page.locator(`[data-conversation="${id}"]`)).toContainText(m.conversations_unreadMark({}, l));
    await page.locator(`[data-conversation="${id}"]`).getByRole('link').focus();
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('conversation-messages')).toContainText(answer);
    await expect(page.getByTestId('conversation-messages')).toContainText('Sofie');
    await expectAccessible(page, `the conversation with the agency's answer (${locale})`);
    // Opened, it is read: the count goes.
    await menuButton.click();
    await expect(nav.getByRole('link', { name: m.nav_conversations({}, l), exact: true })).toBeVisible();
  });
}

test.describe('a lost answer', () => {
  // The dropped answer is logged by the browser as a reset connection.
  test.use({ allowedConsoleErrors: [/ERR_CONNECTION_RESET/] });
  test('a send whose first answer is lost, sent again, makes one message', async ({ page }) => {
    const l = { locale: 'fr' } as const;
    const worker = await createWorker(page.request);
    await signIn(page, worker);
    await page.goto('/conversations/new');
    await page.getByLabel(m.conversation_yourMessage({}, l), { exact: true }).fill('Première question');
    await page.getByRole('button', { name: m.conversation_send({}, l) }).click();
    await expect(page).toHaveURL(/\/conversations\/c[A-Za-z0-9_-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    // Typed at once: while the page that started it is still on screen, its field is read-only (it is leaving, and
    // takes nothing more), so the text goes into the conversation's own page (docs/decisions/272-conversation-drafts.md).
    await page.getByLabel(m.conversation_yourMessage({}, l), { exact: true }).fill('Et une deuxième');
    const endpoint = { method: 'POST', path: `/api/user/me/conversations/${id}/messages` } as const;
    await loseThenRetry(page, endpoint, {
      act: async () => {
        await page.getByRole('button', { name: m.conversation_send({}, l) }).click();
        // No answer: the draft is kept and said so.
        await expect(page.getByTestId('conversation-offline')).toHaveText(m.conversation_offline({}, l));
        await expect(page.getByLabel(m.conversation_yourMessage({}, l), { exact: true })).toHaveValue('Et une deuxième');
      },
      retry: () => page.getByRole('button', { name: m.conversation_retry({}, l) }).click(),
    });
    await expect(page.getByTestId('conversation-messages')).toContainText('Et une deuxième');
    await expect(page.getByLabel(m.conversation_yourMessage({}, l), { exact: true })).toHaveValue('');
    const stored = await backoffice<BackofficeConversation>(page.request, 'GET', `/conversations/${id}`);
    expect(stored.messages.map((message) => message.text)).toEqual(['Première question', 'Et une deuxième']);
  });
});
