// @vitest-environment jsdom
/**
 * The wizard's steps in the DOM (jsdom), driven by the real machine with controllable actors: prefill and
 * defaults, the rules of §5 on screen, live validation, the error summary and the warning, 422 refusals pushed
 * back into their fields, images (refusal, preview, progress), Tab on Next, the review with Change, the submit,
 * and a language switch that keeps what was typed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise, waitFor as settled } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { type EditableStep, type PersonalDetails, type StepIndex, type StepValues, type UploadKind } from '../../machines/details-wizard.types.ts';
import { createChosenImages, type ChosenImages } from '../../src/actors/details-files.ts';
import type { PrepareOutcome } from '../../src/actors/image-prepare-core.ts';
import { ApiRequestError } from '../../src/api/errors.ts';
import type { PersonalDetails as DetailsResponse } from '#domain/api-schema.ts';
import { DetailsWizard } from '../../src/features/details/details-wizard.tsx';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { DETAILS_RESPONSE, FILLED_RESPONSE } from './details-data.ts';
import { descriptionOf } from '../support/dom.ts';
import { formInput } from '#domain/details-values.ts';
import { contactInfo as contactInfoStep } from '#domain/details-steps/contact-info.ts';
import { legal as legalStep } from '#domain/details-steps/legal.ts';
import { generalInfo as generalInfoStep } from '#domain/details-steps/general-info.ts';
import { FIELD_DEBOUNCE_MS } from '#domain/constants.ts';

type Save = (input: { step: StepIndex; values: StepValues }) => Promise<void>;
type Upload = (input: { step: StepIndex; kinds: UploadKind[] }, images: ChosenImages) => Promise<void>;

afterEach(() => act(() => changeLocale('fr')));

/**
 * The wizard, loaded; `at` moves the machine there first (each earlier step sent as loaded, nothing rendered on
 * the way: what those steps look like is tested on its own).
 */
async function renderWizard(options: { details?: PersonalDetails; save?: Save; upload?: Upload; at?: 2 | 3 | 4 | 5 } = {}) {
  const saves: Array<{ step: StepIndex; values: StepValues }> = [];
  const uploads: Array<{ step: StepIndex; kinds: UploadKind[] }> = [];
  const images = createChosenImages({
    urls: { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} },
    prepare: preparedAtOnce,
    loadOnFile: onFileImage,
    decode: () => Promise.resolve(),
  });
  const notify = vi.fn();
  const navigate = vi.fn();
  const refresh = vi.fn();
  const logic = detailsWizardMachine.provide({
    actors: {
      loadDetails: fromPromise(async () => ({ details: (options.details ?? DETAILS_RESPONSE) as PersonalDetails, completedSteps: [] as EditableStep[] })),
      saveStep: fromPromise(async ({ input }) => {
        saves.push(input);
        await options.save?.(input);
      }),
      uploadFiles: fromPromise(async ({ input }) => {
        uploads.push(input);
        await options.upload?.(input, images);
      }),
    },
    actions: { notify: (_, params) => notify(params), navigate: (_, params) => navigate(params.to), refreshGeneralInfo: () => refresh() },
  });
  const actor = createActor(logic).start();
  // The machine keeps the answer's nested groups opaque; the steps read them as the contract's shape.
  const details = (options.details ?? DETAILS_RESPONSE) as DetailsResponse;
  await settled(actor, (s) => s.matches('editing'));
  const loaded = [formInput(contactInfoStep, details), formInput(legalStep, details), formInput(generalInfoStep, details), {}];
  for (let step = 1; step < (options.at ?? 1); step++) {
    actor.send({ type: 'wizard.next', valid: true, values: loaded[step - 1]!, files: [] });
    await settled(actor, (s) => (s.matches('editing') || s.matches('reviewing')) && s.context.step === step + 1);
  }
  render(<DetailsWizard actor={actor} images={images} />);
  const titles = [m.details_step_contactInfo, m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, m.details_step_final];
  await screen.findByRole('heading', { level: 1, name: titles[(options.at ?? 1) - 1]!() });
  return { actor, saves, uploads, notify, navigate, refresh, images };
}

/** The browser's preparation (decision 120) as a test double: a small JPEG at once; e2e walks the real one. */
const preparedAtOnce = async (): Promise<PrepareOutcome> => ({
  ok: true,
  blob: new Blob([new Uint8Array(410 * 1024)], { type: 'image/jpeg' }),
  width: 2000,
  height: 1500,
});
const onFileImage = async () => new Blob(['on file'], { type: 'image/jpeg' });
/** The hidden file input of an image's picker (a group named by the image's label). */
const imageInput = (label: string) =>
  screen.getByRole('group', { name: new RegExp(`^${label}( \\(|$)`) }).querySelector('input[type=file]') as HTMLInputElement;
const choose = (label: string, file: File) => fireEvent.change(imageInput(label), { target: { files: [file] } });

const heading = () => screen.getByRole('heading', { level: 1 });
const next = () => fireEvent.click(screen.getByRole('button', { name: m.details_next() }));
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const stepShown = (title: () => string) => screen.findByRole('heading', { level: 1, name: title() });

describe('step 1, contact', () => {
  it('is prefilled from the file, with the defaults of §3', async () => {
    await renderWizard();
    expect(field(m.details_contact_firstName()).value).toBe('Anne');
    expect(field(m.details_contact_email()).value).toBe('anne.dupont@example.be');
    const main = screen.getByRole('group', { name: m.details_mainAddress() });
    expect((within(main).getByLabelText(m.details_address_country()) as HTMLSelectElement).value).toBe('BE');
  });

  it('an invalid Next warns (§5), lists every problem in the summary, shows them at the fields; fixing one clears it live', async () => {
    const { notify, saves } = await renderWizard();
    next();
    await waitFor(() => expect(notify).toHaveBeenCalledWith({ type: 'warning', msg: 'details_formInvalid' }));
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      m.details_summaryItem({ label: m.details_contact_mobile(), message: m.validation_required() }),
      ...['street', 'number', 'zip', 'city'].map((part) =>
        m.details_summaryItem({
          label: `${m.details_mainAddress()}, ${({ street: m.details_address_street, number: m.details_address_number, zip: m.details_address_zip, city: m.details_address_city } as Record<string, () => string>)[part]!().toLowerCase()}`,
          message: m.validation_required(),
        }),
      ),
    ]);
    expect(links[0]!.getAttribute('href')).toBe('#details-mobile');
    expect(document.title.startsWith(m.ui_errorTitle({ title: '' }).trim())).toBe(true);
    const mobile = field(m.details_contact_mobile());
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(mobile, { target: { value: '12' } });
    await waitFor(() => expect(descriptionOf(mobile)).toContain(m.validation_phone()));
    fireEvent.change(mobile, { target: { value: '+32 470 12 34 56' } });
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBeNull());
    expect(saves).toEqual([]);
    expect(heading().textContent).toBe(m.details_step_contactInfo());
  });

  it('before a Next, typing or leaving a field shows no message (GOV.UK: a message on blur moves Next under the pointer)', async () => {
    await renderWizard();
    const zip = within(screen.getByRole('group', { name: m.details_mainAddress() })).getByLabelText(m.details_address_zip());
    // The field's debounced re-check runs on a fake clock, moved past its delay: no real wait, and it has run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(zip, { target: { value: '12' } });
    fireEvent.blur(zip);
    await act(async () => void (await vi.advanceTimersByTimeAsync(FIELD_DEBOUNCE_MS)));
    vi.useRealTimers();
    expect(screen.queryByText(m.validation_zipBelgium())).toBeNull();
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    next();
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toContain(m.validation_zipBelgium());
  });

  it('a refusal of the server (422) goes to its field and the summary; what was typed stays; Retry sends again', async () => {
    let refuse = true;
    const { saves } = await renderWizard({
      details: FILLED_RESPONSE,
      save: async () => {
        if (refuse)
          throw new ApiRequestError(422, 'validation_failed', 'Données invalides.', 'client', [
            { path: 'mainAddress[zip]', message: 'Code postal inconnu à Bruxelles.' },
          ]);
      },
    });
    const mobile = field(m.details_contact_mobile());
    fireEvent.change(mobile, { target: { value: '+32 499 11 22 33' } });
    next();
    await screen.findByText(m.details_saveFailed());
    const zip = within(screen.getByRole('group', { name: m.details_mainAddress() })).getByLabelText(m.details_address_zip());
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)!.textContent).toContain('Code postal inconnu à Bruxelles.');
    const summaryLink = screen.getByRole('link', {
      name: m.details_summaryItem({
        label: `${m.details_mainAddress()}, ${m.details_address_zip().toLowerCase()}`,
        message: 'Code postal inconnu à Bruxelles.',
      }),
    });
    expect(document.getElementById(summaryLink.getAttribute('href')!.slice(1))).toBe(zip);
    expect(field(m.details_contact_mobile()).value).toBe('+32 499 11 22 33');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: m.details_retry() }));
    await stepShown(m.details_step_legal);
    expect(saves.map((s) => [s.step, s.values.mobile])).toEqual([
      [1, '+32 499 11 22 33'],
      [1, '+32 499 11 22 33'],
    ]);
  });

  it('Tab on Next advances (§2)', async () => {
    const { saves } = await renderWizard({ details: FILLED_RESPONSE });
    fireEvent.keyDown(screen.getByRole('button', { name: m.details_next() }), { key: 'Tab' });
    await stepShown(m.details_step_legal);
    expect(saves).toHaveLength(1);
    // Shift+Tab goes back through the page as usual.
    const back = screen.getByRole('button', { name: m.details_next() });
    fireEvent.keyDown(back, { key: 'Tab', shiftKey: true });
    expect(heading().textContent).toBe(m.details_step_legal());
  });
});

const atStep2 = (options: Parameters<typeof renderWizard>[0] = {}) => renderWizard({ details: FILLED_RESPONSE, at: 2, ...options });

describe('step 2, legal', () => {
  it('a new account chooses its statute and types its registry number; spouse fields only when married; IBAN and number formatted', async () => {
    await atStep2();
    expect(field(m.details_legal_statute())).toHaveProperty('disabled', false);
    expect(screen.queryByLabelText(m.details_legal_spouseName())).toBeNull();
    fireEvent.change(field(m.details_legal_civilStatus()), { target: { value: '2' } });
    expect(field(m.details_legal_spouseName())).toHaveProperty('disabled', false);
    expect(field(m.details_legal_spouseOccupation()).querySelectorAll('option')).toHaveLength(11);
    const iban = field(m.details_legal_iban());
    fireEvent.change(iban, { target: { value: 'be68539007547034' } });
    fireEvent.blur(iban);
    expect(field(m.details_legal_iban()).value).toBe('BE68 5390 0754 7034');
    expect(field(m.details_legal_registryNumber()).value).toBe('90051512391');
    fireEvent.blur(field(m.details_legal_registryNumber()));
    expect(field(m.details_legal_registryNumber()).value).toBe('90.05.15-123.91');
    next(); // married, spouse fields empty
    await screen.findByRole('link', { name: m.details_summaryItem({ label: m.details_legal_spouseName(), message: m.validation_required() }) });
  });

  it('leaving a step marks it submitted: back on it, its errors show at once, and what was typed is still there', async () => {
    await atStep2();
    fireEvent.change(field(m.details_legal_iban()), { target: { value: 'BE00' } });
    fireEvent.click(screen.getByRole('button', { name: m.details_back() }));
    await stepShown(m.details_step_contactInfo);
    next();
    await stepShown(m.details_step_legal);
    expect(field(m.details_legal_iban()).value).toBe('BE00');
    await waitFor(() => expect(field(m.details_legal_iban()).getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(field(m.details_legal_iban()))).toContain(m.validation_iban());
  });

  it('an existing account has no statute; its registry number is shown formatted and cannot change', async () => {
    await atStep2({ details: { ...FILLED_RESPONSE, newAccount: false } });
    expect(screen.queryByLabelText(m.details_legal_statute())).toBeNull();
    const registry = field(m.details_legal_registryNumber());
    expect(registry.disabled).toBe(true);
    expect(registry.value).toBe('90.05.15-123.91');
  });

  it('the ID card is required unless on file; a wrong type is refused at once; a chosen image is previewed and sent', async () => {
    const { uploads, saves } = await atStep2({ details: { ...FILLED_RESPONSE, images: { ...FILLED_RESPONSE.images, idFront: false, idBack: false } } });
    next();
    const required = m.details_summaryItem({ label: m.details_image_idFront(), message: m.validation_imageRequired() });
    await screen.findByRole('link', { name: required });
    choose(m.details_image_idFront(), new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }));
    expect(screen.getAllByText(m.details_image_refused({ name: 'scan.gif', reason: m.validation_fileType() })).length).toBeGreaterThan(0);
    choose(m.details_image_idFront(), new File(['png'], 'front.png', { type: 'image/png' }));
    choose(m.details_image_idBack(), new File(['jpg'], 'back.jpg', { type: 'image/jpeg' }));
    await screen.findByRole('img', { name: m.details_image_preview({ label: m.details_image_idFront() }) });
    expect(screen.getAllByText(m.details_image_chosen({ name: 'front.png' }))).toHaveLength(1);
    next();
    await stepShown(m.details_step_generalInfo);
    expect(uploads).toEqual([{ step: 2, kinds: ['id-front', 'id-back'] }]);
    expect(saves.at(-1)?.step).toBe(2);
  });

  it('shows the progress of an upload, then keeps the chosen file when it is refused', async () => {
    let fail: (e: unknown) => void = () => {};
    await atStep2({
      upload: ({ kinds }, images) =>
        new Promise((_, reject) => {
          images.uploading(kinds[0]!);
          images.progress(kinds[0]!, 0.4);
          fail = (error) => {
            images.failed(kinds[0]!, 'Ce fichier n’est pas une image JPEG ou PNG.');
            reject(error);
          };
        }),
    });
    choose(m.details_image_idFront(), new File(['png'], 'front.png', { type: 'image/png' }));
    next();
    const bar = await screen.findByRole('progressbar', { name: m.details_image_progress({ label: m.details_image_idFront() }) });
    expect(bar.getAttribute('value')).toBe('40');
    await act(async () => fail(new ApiRequestError(415, 'unsupported_media_type', 'x', 'client')));
    const alert = await screen.findByText(m.details_uploadFailed());
    expect(alert.closest('[role=alert]')!.textContent).toContain('Ce fichier n’est pas une image JPEG ou PNG.');
    expect(screen.getAllByText(m.details_image_chosen({ name: 'front.png' }))).toHaveLength(1);
    expect(heading().textContent).toBe(m.details_step_legal());
  });
});

describe('steps 3 and 4', () => {
  const atStep = (step: 3 | 4, details: PersonalDetails = FILLED_RESPONSE) => renderWizard({ details, at: step });

  it('skirt size only for gender f; car details only with a car; nine language levels', async () => {
    await atStep(3);
    expect(screen.getAllByLabelText(new RegExp(`^${m.details_general_skirtSize()}`))).toHaveLength(1);
    expect(screen.queryByLabelText(new RegExp(`^${m.details_general_carPlate()}`))).toBeNull();
    fireEvent.change(field(m.details_general_car()), { target: { value: 'oui' } });
    expect(screen.getAllByLabelText(new RegExp(`^${m.details_general_carPlate()}`))).toHaveLength(1);
    const languages = screen.getByRole('group', { name: m.details_languages() });
    expect(within(languages).getAllByRole('combobox')).toHaveLength(9);
  });

  it('the shoe size reads "39,5" in French and Dutch, typed with either separator, and is sent as a number', async () => {
    const { saves } = await atStep(3);
    const shoe = () => field(m.details_general_shoeSize());
    expect(shoe().value).toBe('39,5');
    act(() => changeLocale('nl'));
    expect((screen.getByLabelText(m.details_general_shoeSize({}, { locale: 'nl' }), { exact: true }) as HTMLInputElement).value).toBe('39,5');
    act(() => changeLocale('fr'));
    fireEvent.change(shoe(), { target: { value: '41.5' } });
    expect(shoe().value).toBe('41.5'); // as typed while typing
    fireEvent.blur(shoe());
    expect(shoe().value).toBe('41,5');
    next();
    await stepShown(m.details_step_pictures);
    expect(saves.at(-1)).toMatchObject({ step: 3, values: { shoeSize: '41.5' } });
    next();
    await stepShown(m.details_step_final);
    const row = screen.getByText(m.details_general_shoeSize(), { selector: 'dt' }).parentElement!;
    expect(row.textContent).toContain('41,5');
    expect(row.textContent).not.toContain('41.5');
  });

  it('no skirt size for gender m', async () => {
    await atStep(3, { ...FILLED_RESPONSE, legalInformation: { ...FILLED_RESPONSE.legalInformation, sex: 'm' } });
    expect(screen.queryByLabelText(new RegExp(`^${m.details_general_skirtSize()}`))).toBeNull();
  });

  it('a new account needs a picture; an existing one does not', async () => {
    const noPicture = { ...FILLED_RESPONSE.images, picture1: false };
    await atStep(4, { ...FILLED_RESPONSE, images: noPicture });
    next();
    await screen.findByRole('link', { name: m.details_summaryItem({ label: m.details_image_picture1(), message: m.validation_pictureRequired() }) });
  });

  it('an existing account goes on without a picture', async () => {
    await atStep(4, { ...FILLED_RESPONSE, newAccount: false, images: { ...FILLED_RESPONSE.images, picture1: false } });
    next();
    await stepShown(m.details_step_final);
  });
});

describe('the review (step 5)', () => {
  const atReview = () => renderWizard({ details: FILLED_RESPONSE, at: 5 });

  it('shows every answer (named, formatted) and the images; Next is hidden', async () => {
    await atReview();
    const main = document.body;
    expect(main.textContent).toContain('BE68 5390 0754 7034');
    expect(main.textContent).toContain('90.05.15-123.91');
    expect(main.textContent).toContain(m.details_civilStatus1());
    expect(main.textContent).toContain(m.details_languageLevel4());
    expect(screen.queryByRole('button', { name: m.details_next() })).toBeNull();
    expect(screen.getAllByText(m.details_review_onFile())).toHaveLength(3);
    // The images on file show as thumbnails (read with the token through the store, never an <img> URL of the API).
    const thumbnails = await screen.findAllByRole('img', { name: /^Image enregistrée : / });
    expect(thumbnails.map((img) => img.getAttribute('alt'))).toEqual(
      [m.details_image_idFront, m.details_image_idBack, m.details_image_picture1].map((label) => m.details_image_onFilePreview({ label: label() })),
    );
    expect(thumbnails.every((img) => img.getAttribute('src')!.startsWith('blob:'))).toBe(true);
  });

  it('Change opens the step; Continue saves it and comes back; Submit refreshes the session and goes home', async () => {
    const { saves, refresh, navigate } = await atReview();
    fireEvent.click(screen.getByRole('button', { name: `${m.details_review_change()} ${m.details_review_changeHidden({ step: m.details_step_legal() })}` }));
    await stepShown(m.details_step_legal);
    fireEvent.change(field(m.details_legal_birthPlace()), { target: { value: 'Namur' } });
    fireEvent.click(screen.getByRole('button', { name: m.details_saveAndReturn() }));
    await stepShown(m.details_step_final);
    expect(document.body.textContent).toContain('Namur');
    expect(saves.at(-1)).toMatchObject({ step: 2, values: { birthPlace: 'Namur' } });
    fireEvent.click(screen.getByRole('button', { name: m.details_review_submit() }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/home'));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(saves.at(-1)).toEqual({ step: 5, values: {} });
  });
});

/** French texts of the wizard and validation messages that differ in Dutch (placeholders match anything). */
function frenchOnly(): RegExp[] {
  const load = (locale: string) => JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;
  const [fr, nl] = [load('fr'), load('nl')];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+');
  return Object.keys(fr)
    .filter((key) => /^(details|validation|ui)_/.test(key) && fr[key] !== nl[key] && !/^\{\w+\}/.test(fr[key]!))
    .map((key) => new RegExp(`^${escape(fr[key]!.trim())}$`, 's'));
}
const textsLeftInFrench = (patterns: RegExp[]) => {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.nodeValue ?? '').trim();
    if (text && patterns.some((re) => re.test(text))) found.push(text);
  }
  for (const element of document.body.querySelectorAll('[alt], [aria-label]'))
    for (const value of [element.getAttribute('alt'), element.getAttribute('aria-label')])
      if (value && patterns.some((re) => re.test(value))) found.push(value);
  return found;
};

it('every step follows a switch to Dutch: no French text is left on screen', async () => {
  const french = frenchOnly();
  await renderWizard({ details: { ...FILLED_RESPONSE, images: { ...FILLED_RESPONSE.images, picture1: false } } });
  for (const title of [m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, null]) {
    next(); // also shows the step's messages where it has problems (step 4: a picture is needed)
    // Next is checked once the frame answering the tap has painted (decision 223): the messages show after it.
    await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await waitFor(() => expect(document.title).not.toBe(''));
    act(() => changeLocale('nl'));
    expect(textsLeftInFrench(french)).toEqual([]);
    act(() => changeLocale('fr'));
    if (title) await stepShown(title);
  }
  choose(m.details_image_picture1(), new File(['png'], 'me.png', { type: 'image/png' }));
  next();
  await stepShown(m.details_step_final);
  act(() => changeLocale('nl'));
  expect(textsLeftInFrench(french)).toEqual([]);
});

it('a language switch keeps what was typed and speaks Dutch', async () => {
  await renderWizard();
  fireEvent.change(field(m.details_contact_mobile()), { target: { value: '+32 470 00 11 22' } });
  act(() => changeLocale('nl'));
  expect(heading().textContent).toBe(m.details_step_contactInfo({}, { locale: 'nl' }));
  expect((screen.getByLabelText(m.details_contact_mobile({}, { locale: 'nl' })) as HTMLInputElement).value).toBe('+32 470 00 11 22');
});
