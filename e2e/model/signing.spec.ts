/**
 * The signing machine's paths through the real UI, against the reference server (docs/conventions.md, Tests): the model of
 * tests/machines/signing.paths.test.ts, its covering subset, failures injected by reading ahead. The server
 * holds the missions of the fixtures (same references, in the same order, same km), so the page's rows are the
 * fixture's missions. What the page must show after each step is the SPEC's rule (§2 Digital signing, §4 Signing,
 * §5), followed from the gestures and the server's answers by e2e/support/signing-list.ts, never read from the
 * machine: the path only says which gesture comes next and how each request ends.
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { signingMachine, type SigningInput, type SigningItem } from '../../machines/signing.machine.ts';
import { MISSIONS, signingPathsByInput } from '../../tests/machines/fixtures/signing.ts';
import { SigningList, type ListedMission } from '../support/signing-list.ts';
import { addMission, createWorker, signIn, type WorkerOptions } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import { browserPaths, coverageProblems, firstOutput, outcomes, routeOutcomes, stepExecutors } from './browser-paths.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;
/** A mission's day as a French-speaking Belgian reads it ("3 avr. 2026"), from the server's ISO date. */
const frenchDay = (iso: string) => new Intl.DateTimeFormat('fr-BE', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exact = (name: string) => ({ name, exact: true });
const { paths, title } = browserPaths(signingMachine, signingPathsByInput());

// The injected failures are answered 500 and 403: the browser logs each failed load.
test.use({ allowedConsoleErrors: [/status of (500|403)/] });

const signatureOf = (input: SigningInput): WorkerOptions['signature'] =>
  input.signatureApproved ? 'validated' : input.hasValidSignature ? 'pending' : undefined;
const referenceOf = (mission: string) => MISSIONS.find((item) => item.mission === mission)!.reference;

test(title, () => {
  expect(coverageProblems(signingMachine, paths)).toEqual([]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const worker = await createWorker(page.request, { stage: 'approved', signature: signatureOf(path.input) });
    // The fixture's missions, oldest first as the list shows them (all in the past: they can be signed).
    const listed = firstOutput<SigningItem[]>(path, 'loadDocumentsToSign') ?? [];
    const held: ListedMission[] = [];
    for (const [index, item] of listed.entries()) {
      const created = await addMission(page.request, worker.email, index - listed.length, {
        reference: item.reference,
        km: item.km,
        start: item.start,
        end: item.end,
      });
      held.push({ mission: item.mission, date: created.date, reference: created.reference });
    }
    const spec = new SigningList({ valid: path.input.hasValidSignature, approved: path.input.signatureApproved });
    await signIn(page, worker);
    // Without a valid signature the portal never reads the list (src/actors/signing.ts): nothing to answer.
    const loadOutcomes = outcomes(path, 'loadDocumentsToSign');
    if (!path.input.hasValidSignature && loadOutcomes.includes('fail'))
      throw new Error('the list is never read without a valid signature: no failure to inject');
    const loads = await routeOutcomes(page, '**/api/user/me/documents/documents-to-sign', path.input.hasValidSignature ? loadOutcomes : [], {
      status: 500,
      code: 'internal_error',
      message: 'Erreur',
    });
    const submits = await routeOutcomes(page, '**/api/user/me/documents/mark-for-signing', outcomes(path, 'markForSigning'), {
      status: 403,
      code: 'signature_required',
      message: 'Une signature validée est requise.',
    });
    const dialog = page.getByRole('dialog', { name: m.signing_confirmTitle({}, fr) });
    const card = (mission: string) => page.locator('li[data-mission]').filter({ has: page.getByRole('checkbox', { name: new RegExp(referenceOf(mission)) }) });

    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/digital-signing')),
      'signing.toggle': async ({ event }) => {
        const { mission } = event as unknown as { mission: string };
        spec.toggled(mission);
        await page.getByRole('checkbox', { name: new RegExp(referenceOf(mission)) }).click();
      },
      'signing.toggleAll': async () => {
        spec.toggledAll();
        await page.getByRole('checkbox', exact(m.signing_selectAll({}, fr))).click();
      },
      'signing.comment': async ({ event }) => {
        const { mission, comment } = event as unknown as { mission: string; comment: string };
        spec.commented(mission, comment);
        await card(mission).getByRole('textbox').fill(comment);
      },
      'signing.sign': async () => {
        spec.signed();
        await page.getByRole('button', exact(m.signing_signButton({}, fr))).click();
      },
      'signing.confirm': async () => {
        spec.confirmed();
        await dialog.getByRole('button', exact(m.signing_confirmButton({}, fr))).click();
      },
      'signing.cancel': async () => {
        spec.cancelled();
        await dialog.getByRole('button', exact(m.signing_cancel({}, fr))).click();
      },
      'signing.retry': async () => {
        spec.retried();
        await page.getByRole('button', exact(m.signing_retry({}, fr))).click();
      },
      // The outcomes: the routed answer (read ahead above) decides them; the spec's list follows them.
      'xstate.done.actor.loadDocumentsToSign': async () => spec.loaded(held),
      'xstate.error.actor.loadDocumentsToSign': async () => spec.loadFailed(),
      'xstate.done.actor.markForSigning': async () => spec.accepted(),
      'xstate.error.actor.markForSigning': async () => spec.refused(),
    });

    await path.test({
      events,
      states: {
        '*': async () => {
          const event = lastEvent();
          if (spec.screen === 'loading' || spec.screen === 'sending') return; // transient: the next state is checked
          if (spec.screen === 'loadFailed') {
            await expect(page.getByText(m.signing_loadFailed({}, fr))).toBeVisible();
            await expectToast(page, m.error_generic({}, fr), 'danger');
            return expectAccessible(page, 'signing: load failed');
          }
          if (spec.screen === 'noSignature') {
            // §2: without a valid signature, a prompt with a link to create one (and the list is never read).
            await expect(page.getByText(m.signing_noSignature({}, fr))).toBeVisible();
            expect(loads.seen(), 'the list is not read without a valid signature').toBe(0);
            return expect(page.getByRole('link', { name: m.signing_createSignatureLink({}, fr) })).toBeVisible();
          }
          if (spec.screen === 'confirm' || spec.screen === 'confirmFailed') {
            // §2: the confirmation lists the selected missions as "date - reference" (a comment may follow).
            await expect(dialog).toBeVisible();
            const lines = spec.selected().map((item) => new RegExp(`^${escape(`${frenchDay(item.date)} - ${item.reference}`)}`));
            await expect(dialog.getByTestId('confirm-missions').getByRole('listitem')).toHaveText(lines);
            const failed = spec.screen === 'confirmFailed';
            await expect(dialog.getByRole('alert')).toHaveCount(failed ? 1 : 0);
            if (failed) {
              await expectToast(page, 'Une signature validée est requise.', 'danger');
              await expectAccessible(page, 'signing: request failed');
            }
            return;
          }
          await expect(dialog).toBeHidden();
          if (event.type === 'xstate.done.actor.markForSigning') {
            await expect(page.getByText(m.signing_sent({}, fr))).toBeVisible();
            // §4: the missions just sent are marked signingRequested: they leave the list.
            for (const mission of spec.lastSent) await expect(page.getByRole('checkbox', { name: new RegExp(referenceOf(mission)) })).toHaveCount(0);
          }
          if (spec.screen === 'nothingToSign') return expect(page.getByText(m.signing_nothingToSign({}, fr))).toBeVisible();
          // The list: the missions not yet requested, checked as the worker left them, comments within 250 characters.
          const rows = page.locator('li[data-mission]');
          await expect(rows).toHaveCount(spec.rows().length);
          for (const item of spec.rows()) {
            await expect(page.getByRole('checkbox', { name: new RegExp(escape(`${frenchDay(item.date)} – ${item.reference}`)) })).toBeChecked({
              checked: item.checked,
            });
            await expect(card(item.mission).getByRole('textbox')).toHaveValue(item.comment);
          }
          // §2/§5: Sign only with at least one mission checked; §4: and an approved signature.
          await expect(page.getByRole('button', exact(m.signing_signButton({}, fr)))).toBeEnabled({ enabled: spec.signEnabled() });
          if (spec.awaitingApproval()) await expect(page.getByText(m.signing_awaitingApproval({}, fr))).toBeVisible();
        },
      },
    } as never);
    expect(loads.left() + submits.left(), 'every outcome the path planned was used').toBe(0);
  });
}
