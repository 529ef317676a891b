/**
 * The employee-details wizard's saves and the image uploads. Each step is checked twice: its shape against
 * the contract (flattened multipart keys) and its values with the schema of its description (domain/details-steps/).
 */
import * as v from 'valibot';
import { unflattenBrackets, type FlatEntry } from '#domain/bracket-keys.ts';
import { UPLOAD_MAX_BYTES } from '#domain/constants.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { DETAILS_STEPS, describedStep } from '#domain/details-steps/steps.ts';
import { bodyKeyOf, formOfBody, keptFromFile } from '#domain/details-values.ts';
import { missingImages } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import { V } from '#domain/validation-keys.ts';
import { brusselsToday } from '#domain/period.ts';
import { imagesOnFile } from '../services/details-view.ts';
import { examineFile, type FileProblem } from '../services/file-examination.ts';
import { saveDetails, submitDetailsForReview } from '../services/worker-writes.ts';
import type { StoredDetails } from '../services/workers.ts';
import { isShapeError } from './contract.ts';
import { ApiFailure, badRequest, invalid, notFound, type FieldIssue } from './errors.ts';
import { detailsEditable, me } from './guards.ts';
import { issueFromAjv, issuesFromValibot, mergeIssues } from './issues.ts';
import { readMultipart } from './multipart.ts';
import type { AnyRequest, Operations } from './operation.ts';

const STEP_SCHEMAS = ['DetailsStepContactInfo', 'DetailsStepLegal', 'DetailsStepGeneralInfo', 'DetailsStepEmpty', 'DetailsStepEmpty'] as const;
const STATUTE_OF_OPTION = { '1': 1, E: 2, '3': 3 } as const;
const UPLOAD_REFUSALS: Record<FileProblem, () => ApiFailure> = {
  format: () => new ApiFailure(415, 'unsupported_media_type'),
  unreadable: () => new ApiFailure(415, 'unsupported_media_type'),
  damaged: () => new ApiFailure(415, 'image_damaged'),
  tooManyPixels: () => new ApiFailure(413, 'image_too_large'),
  tooComplex: () => new ApiFailure(413, 'file_too_complex'),
};

/** The form's text fields as flat entries; a file, a NUL or a repeated non-array key is malformed. */
function textEntries(form: FormData): FlatEntry[] {
  const entries: FlatEntry[] = [];
  const seen = new Set<string>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string' || value.includes('\u0000')) throw badRequest();
    if (!key.endsWith('[]') && seen.has(key)) throw badRequest();
    seen.add(key);
    entries.push([key, value]);
  }
  return entries;
}

/** The flat object the contract describes (arrays for `[]` keys). */
function flatObject(entries: FlatEntry[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    if (key.endsWith('[]')) ((out[key] ??= []) as string[]).push(value);
    else out[key] = value;
  }
  return out;
}

type Nested = Record<string, unknown>;

type Checked = { issues: FieldIssue[]; save: () => Promise<unknown> };
const refused = (issues: FieldIssue[]): Checked => ({ issues, save: async () => undefined });

/** Checks one step with the schema of its description; `save` stores it (called only when nothing at all is refused). */
async function checkStep(req: AnyRequest, step: number, nested: Nested): Promise<Checked> {
  const worker = me(req);
  const { db } = req.deps;
  const details: StoredDetails = { ...worker.details };
  const described = describedStep(step);
  if (described) {
    const ctx = { newAccount: worker.new_account, today: brusselsToday(req.now) };
    const result = v.safeParse(stepSchema(described, ctx), formOfBody(described, nested));
    if (!result.success) return refused(issuesFromValibot(result.issues, (path) => bodyKeyOf(described, path)));
    // An existing account cannot change its registry number or statute (spec §5): the stored ones stay.
    const values = keptFromFile(described, result.output, worker.details[described.name], worker.new_account);
    details[described.name] = values;
    if (step === 1)
      return { issues: [], save: () => saveDetails(db, worker.id, details, { name: { first: String(values.firstName), last: String(values.lastName) } }) };
    if (step === 2) {
      const statute = worker.new_account ? STATUTE_OF_OPTION[values.statute as keyof typeof STATUTE_OF_OPTION] : worker.statute;
      return { issues: [], save: () => saveDetails(db, worker.id, details, { statute }) };
    }
    return { issues: [], save: () => saveDetails(db, worker.id, details) };
  } else if (step === 5) {
    const issues: FieldIssue[] = [];
    for (const section of DETAILS_STEPS.map((s) => s.name)) if (!details[section]) issues.push({ path: section, key: V.stepIncomplete });
    const onFile = await imagesOnFile(db, worker.id);
    for (const missing of missingImages(onFile, {}, worker.new_account)) issues.push({ path: `images[${missing.field}]`, key: missing.message });
    return { issues, save: () => submitDetailsForReview(db, worker.id) };
  }
  return refused([]);
}

export const detailsOperations = {
  updateDetailsStep: {
    guard: detailsEditable,
    async handle(req) {
      const { step } = req.params;
      const entries = textEntries(await readMultipart(req));
      const validate = req.deps.contract.schema(STEP_SCHEMAS[step - 1]!);
      let contractIssues: FieldIssue[] = [];
      if (!validate(flatObject(entries))) {
        const errors = validate.errors ?? [];
        if (errors.some(isShapeError)) throw badRequest();
        contractIssues = errors.map((e) => issueFromAjv(e, 'updateDetailsStep'));
      }
      const nested = unflattenBrackets(entries);
      if (!nested) throw badRequest();
      const checked = await checkStep(req, step, nested as Nested);
      // Contract-only issues (a value the domain accepts but the contract does not) refuse the step too.
      const issues = mergeIssues(checked.issues, contractIssues);
      if (issues.length > 0) throw invalid(issues);
      await checked.save();
      return req.c.body(null, 204);
    },
  },
  uploadFile: {
    guard: detailsEditable,
    async handle(req) {
      const form = await readMultipart(req);
      const upload = form.get('upload');
      if ([...form.keys()].some((key) => key !== 'upload') || form.getAll('upload').length !== 1 || typeof upload === 'string' || !upload) throw badRequest();
      if (upload.size > UPLOAD_MAX_BYTES) throw new ApiFailure(413, 'payload_too_large');
      // Checked off the event loop, within the limits of decision 220; what is stored carries no metadata (GPS,
      // device, date), whatever the client sent (decision 120).
      const examined = await examineFile(new Uint8Array(await upload.arrayBuffer()), { accept: ['jpeg', 'png'], maxEdge: req.deps.config.imageMaxEdge });
      if (!examined.ok) throw UPLOAD_REFUSALS[examined.problem]();
      const image = { bytes: examined.bytes, mediaType: examined.mediaType as 'image/jpeg' | 'image/png' };
      await req.deps.uploads.put(me(req).id, IMAGE_FIELDS[req.params.kind], image, req.now);
      return req.c.body(null, 204);
    },
  },
  removeUploadedFile: {
    guard: detailsEditable,
    async handle(req) {
      const { kind } = req.body;
      // The ID card is required (spec §5): it can be replaced, never removed (docs/decisions/121-image-picker.md).
      if (kind === 'id-front' || kind === 'id-back') throw badRequest();
      if (!(await req.deps.uploads.delete(me(req).id, IMAGE_FIELDS[kind]))) throw notFound();
      return req.c.body(null, 204);
    },
  },
  getUploadedFile: {
    async handle(req) {
      const image = await req.deps.uploads.get(me(req).id, IMAGE_FIELDS[req.params.kind]);
      if (!image) throw notFound();
      return req.c.body(new Uint8Array(image.bytes), 200, { 'Content-Type': image.mediaType, 'Cache-Control': 'no-store' });
    },
  },
} satisfies Partial<Operations>;
