/**
 * The signature machine's paths through the real UI, against the reference server (docs/conventions.md, Tests): the model of
 * tests/machines/signature.paths.test.ts, its covering subset, failures injected by reading ahead. Drawing uses
 * real pointer input: the mouse through Playwright, a finger and a pen as dispatched PointerEvents.
 */
import type { SnapshotFrom } from 'xstate';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { signatureMachine, type Signature } from '../../machines/signature.machine.ts';
import { canDraw } from '../../machines/signature.selectors.ts';
import { signaturePathsByInput } from '../../tests/machines/fixtures/signature.ts';
import { createWorker, signIn, type WorkerOptions } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import { drawWithMouse, drawWithPointer, imageInk, pad, padInk } from '../support/signature-pad.ts';
import { browserPaths, coverageProblems, firstOutput, outcomes, routeOutcomes, stepExecutors } from './browser-paths.ts';
import { m } from '../../src/paraglide/messages.js';

type Snap = SnapshotFrom<typeof signatureMachine>;
const fr = { locale: 'fr' } as const;
const exact = (name: string) => ({ name, exact: true });
/** A new account cannot hold a signature on the server: its paths that load one cannot be walked in a browser. */
const walkable = signaturePathsByInput().map(({ input, paths }) => ({
  input,
  paths: input.newAccount ? paths.filter((path) => (firstOutput<Signature>(path, 'loadSignature')?.status ?? 0) === 0) : paths,
}));
const { paths, title } = browserPaths(signatureMachine, walkable);

// The injected failures are answered 500 and 413: the browser logs each failed load.
test.use({ allowedConsoleErrors: [/status of (500|413)/] });

/** What the server must hold for the path's first successful load to give the status it expects. */
const SIGNATURE_OF: Record<Signature['status'], WorkerOptions['signature']> = { 0: undefined, 1: 'pending', 2: 'validated', 3: 'rejected' };
const STATUS_VIEW = { 1: 'pendingReview', 2: 'validated', 3: 'rejected' } as const;

test(title, () => {
  expect(coverageProblems(signatureMachine, paths)).toEqual([]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const loaded = firstOutput<Signature>(path, 'loadSignature')?.status ?? 0;
    if (path.input.newAccount && loaded !== 0) throw new Error('a new account cannot hold a signature: this path cannot be walked in a browser');
    const worker = await createWorker(
      page.request,
      path.input.newAccount ? { stage: 'detailsSubmitted' } : { stage: 'approved', signature: SIGNATURE_OF[loaded] },
    );
    await signIn(page, worker);
    const loads = await routeOutcomes(page, '**/api/user/me/signature', outcomes(path, 'loadSignature'), {
      status: 500,
      code: 'internal_error',
      message: 'Erreur',
    });
    const saves = await routeOutcomes(page, '**/api/user/me/update-signature', outcomes(path, 'saveSignature'), {
      status: 413,
      code: 'payload_too_large',
      message: 'Image trop grande.',
    });
    const dialog = page.getByRole('dialog', { name: m.signature_dialogTitle({}, fr) });
    let strokes = 0;

    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/user/manage-signature')),
      'signature.draw': async () => {
        await page.getByRole('button', { name: new RegExp(`^(${m.signature_createButton({}, fr)}|${m.signature_modifyButton({}, fr)})$`) }).click();
      },
      'signature.save': async () => {
        // A kept drawing (after a failed save) is saved again as it is; otherwise the worker draws first,
        // with the mouse, a finger or a pen (in turn across the paths).
        if (await dialog.getByRole('button', exact(m.signature_save({}, fr))).isDisabled()) {
          const kind = (['mouse', 'touch', 'pen'] as const)[(paths.indexOf(path) + strokes++) % 3]!;
          if (kind === 'mouse') await drawWithMouse(page);
          else await drawWithPointer(page, kind, kind === 'pen' ? 0.8 : 0.5);
          expect(await padInk(page)).toBeGreaterThan(300);
        }
        await dialog.getByRole('button', exact(m.signature_save({}, fr))).click();
      },
      'signature.cancel': async () => dialog.getByRole('button', exact(m.signature_cancel({}, fr))).click(),
      'signature.retry': async () => page.getByRole('button', exact(m.signature_retry({}, fr))).click(),
    });
    await path.test({
      events,
      states: {
        '*': async (snapshot: Snap) => {
          const event = lastEvent();
          if (snapshot.matches('loading') || snapshot.matches('saving')) return; // transient: the next state is checked
          if (snapshot.matches('loadFailed')) {
            await expect(page.getByText(m.signature_loadFailed({}, fr))).toBeVisible();
            await expectToast(page, m.error_generic({}, fr), 'danger');
            return expectAccessible(page, 'signature: load failed');
          }
          if (snapshot.matches('drawing')) {
            await expect(dialog).toBeVisible();
            await expect(pad(page)).toBeVisible();
            const failed = snapshot.matches({ drawing: 'saveFailed' });
            await expect(dialog.getByRole('alert')).toHaveCount(failed ? 1 : 0);
            if (failed) await expect(dialog.getByRole('button', exact(m.signature_save({}, fr)))).toBeEnabled();
            // The dialog itself is checked by the journeys; its error state only here.
            if (failed) await expectAccessible(page, 'signature: save failed');
            return;
          }
          await expect(dialog).toBeHidden();
          const status = snapshot.context.signature?.status ?? 0;
          if (status === 0) {
            await expect(page.getByText(m.signature_intro({}, fr))).toBeVisible();
            await expect(page.getByRole('button', exact(m.signature_createButton({}, fr)))).toBeEnabled({ enabled: canDraw(snapshot) });
          } else {
            await expect(page.locator(`[data-signature-status="${STATUS_VIEW[status]}"]`)).toBeVisible();
            await expect(page.getByRole('link', { name: m.signature_signingLink({}, fr) })).toBeVisible();
          }
          if (event.type === 'xstate.done.actor.saveSignature') {
            await expectToast(page, m.signature_signatureUpdated({}, fr), 'success');
            expect(await imageInk(page.getByRole('img', { name: m.signature_imageAlt({}, fr) }))).toBeGreaterThan(300);
          }
        },
      },
    } as never);
    expect(loads.left() + saves.left(), 'every outcome the path planned was used').toBe(0);
  });
}

test("a finger and a pen draw too, and a pen's pressure shapes the stroke", async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  await signIn(page, worker);
  await page.goto('/user/manage-signature');
  await page.getByRole('button', exact(m.signature_createButton({}, fr))).click();
  const dialog = page.getByRole('dialog', { name: m.signature_dialogTitle({}, fr) });
  const clear = dialog.getByRole('button', exact(m.signature_clear({}, fr)));

  await drawWithPointer(page, 'pen', 0.15);
  const light = await padInk(page);
  await clear.click();
  expect(await padInk(page)).toBe(0);
  await drawWithPointer(page, 'pen', 1);
  const firm = await padInk(page);
  expect(light).toBeGreaterThan(300);
  expect(firm).toBeGreaterThan(light * 1.3);

  await clear.click();
  await drawWithPointer(page, 'touch');
  expect(await padInk(page)).toBeGreaterThan(300);
  await dialog.getByRole('button', exact(m.signature_save({}, fr))).click();
  await expectToast(page, m.signature_signatureUpdated({}, fr), 'success');
  expect(await imageInk(page.getByRole('img', { name: m.signature_imageAlt({}, fr) }))).toBeGreaterThan(300);
});
