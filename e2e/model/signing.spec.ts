/**
 * The signing machine's paths through the real UI, against the reference server (DESIGN.md §4): the model of
 * tests/machines/signing.paths.test.ts, its covering subset, failures injected by reading ahead. The server
 * holds the missions of the fixtures (same references, dates in the same order, same km), so the page's rows
 * and the model's items are the same missions.
 */
import type { SnapshotFrom } from 'xstate';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { signingMachine, type SigningInput, type SigningItem } from '../../machines/signing.machine.ts';
import { canSign, selected } from '../../machines/signing.selectors.ts';
import { MISSIONS, signingPathsByInput } from '../../tests/machines/fixtures/signing.ts';
import { addMission, createWorker, signIn, type WorkerOptions } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import { browserPaths, firstOutput, outcomes, routeOutcomes, stepExecutors } from './browser-paths.ts';
import { m } from '../../src/paraglide/messages.js';

type Snap = SnapshotFrom<typeof signingMachine>;
const fr = { locale: 'fr' } as const;
const exact = (name: string) => ({ name, exact: true });
const { paths, coverage, total } = browserPaths(signingMachine, signingPathsByInput());

// The injected failures are answered 500 and 403: the browser logs each failed load.
test.use({ allowedConsoleErrors: [/status of (500|403)/] });

const signatureOf = (input: SigningInput): WorkerOptions['signature'] =>
  input.signatureApproved ? 'validated' : input.hasValidSignature ? 'pending' : undefined;
const referenceOf = (mission: string) => MISSIONS.find((item) => item.mission === mission)!.reference;

test(`the browser walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${paths.length} of the ${total} model paths`, () => {
  expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const worker = await createWorker(page.request, { stage: 'approved', signature: signatureOf(path.input) });
    // The fixture's missions, oldest first as the list shows them (all in the past: they can be signed).
    const listed = firstOutput<SigningItem[]>(path, 'loadDocumentsToSign') ?? [];
    for (const [index, item] of listed.entries()) {
      await addMission(page.request, worker.email, index - listed.length, { reference: item.reference, km: item.km, start: item.start, end: item.end });
    }
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
      'signing.toggle': async ({ event }) => page.getByRole('checkbox', { name: new RegExp(referenceOf((event as unknown as { mission: string }).mission)) }).click(),
      'signing.comment': async ({ event }) => {
        const { mission, comment } = event as unknown as { mission: string; comment: string };
        await card(mission).getByRole('textbox').fill(comment);
      },
      'signing.sign': async () => page.getByRole('button', exact(m.signing_signButton({}, fr))).click(),
      'signing.confirm': async () => dialog.getByRole('button', exact(m.signing_confirmButton({}, fr))).click(),
      'signing.cancel': async () => dialog.getByRole('button', exact(m.signing_cancel({}, fr))).click(),
      'signing.retry': async () => page.getByRole('button', exact(m.signing_retry({}, fr))).click(),
    });

    await path.test({
      events,
      states: {
        '*': async (snapshot: Snap) => {
          const event = lastEvent();
          if (snapshot.matches('loading') || snapshot.matches('submitting')) return; // transient: the next state is checked
          if (snapshot.matches('loadFailed')) {
            await expect(page.getByText(m.signing_loadFailed({}, fr))).toBeVisible();
            await expectToast(page, m.error_generic({}, fr), 'danger');
            return expectAccessible(page, 'signing: load failed');
          }
          if (snapshot.matches('noSignature')) {
            await expect(page.getByText(m.signing_noSignature({}, fr))).toBeVisible();
            expect(loads.seen(), 'the list is not read without a valid signature').toBe(0);
            return expect(page.getByRole('link', { name: m.signing_createSignatureLink({}, fr) })).toBeVisible();
          }
          if (snapshot.matches('confirming')) {
            await expect(dialog).toBeVisible();
            const lines = selected(snapshot).map((item) => new RegExp(` - ${item.reference}`));
            await expect(dialog.getByTestId('confirm-missions').getByRole('listitem')).toHaveText(lines);
            const failed = snapshot.matches({ confirming: 'submitFailed' });
            await expect(dialog.getByRole('alert')).toHaveCount(failed ? 1 : 0);
            if (failed) {
              await expectToast(page, 'Une signature validée est requise.', 'danger');
              await expectAccessible(page, 'signing: request failed');
            }
            return;
          }
          await expect(dialog).toBeHidden();
          if (event.type === 'xstate.done.actor.markForSigning') await expect(page.getByText(m.signing_sent({}, fr))).toBeVisible();
          if (snapshot.matches('nothingToSign')) return expect(page.getByText(m.signing_nothingToSign({}, fr))).toBeVisible();
          // selecting: the page shows exactly the model's missions, checked as the model says, comments included.
          const rows = page.locator('li[data-mission]');
          await expect(rows).toHaveCount(snapshot.context.items.length);
          for (const item of snapshot.context.items) {
            await expect(page.getByRole('checkbox', { name: new RegExp(item.reference) })).toBeChecked({ checked: item.checked });
            await expect(card(item.mission).getByRole('textbox')).toHaveValue(item.comment);
          }
          await expect(page.getByRole('button', exact(m.signing_signButton({}, fr)))).toBeEnabled({ enabled: canSign(snapshot) });
          if (!snapshot.context.signatureApproved) await expect(page.getByText(m.signing_awaitingApproval({}, fr))).toBeVisible();
        },
      },
    } as never);
    expect(loads.left() + submits.left(), 'every outcome the path planned was used').toBe(0);
  });
}
