/**
 * The error catalogue of spec §8 as one pure table: given what went wrong with a call, what the worker is
 * told (a notice the toast store shows) and what the caller receives (an ApiRequestError). The client's
 * middleware (client.ts) applies it to every call; nothing else decides these.
 *
 * | what happened                          | notice                                              | sign out |
 * |----------------------------------------|-----------------------------------------------------|----------|
 * | 401                                    | danger `error_unauthorized`                         | yes      |
 * | other 4xx                              | danger: the server's message, else the status text  | no       |
 * | 5xx, unparseable answer, network error | danger `error_generic`                              | no       |
 * | no network (the browser is offline)    | danger `error_offline` (retry once back, input kept) | no       |
 * | a download fails (not 401)             | warning: the server's message, else `error_generic` | no       |
 *
 * One channel per problem (docs/decisions/130-one-error-channel.md): what a form or a screen says in place
 * (`SAID_IN_PLACE` below) raises no toast as well.
 */
import { errorCodeValues, type ApiError, type ErrorCode, type FieldError, type paths } from '#domain/api-schema.ts';
// The refusal lists alone (domain/refusals.ts), none of the flows' rules: this file is in every page's first load.
import {
  ABSENCE_FINAL_REFUSALS,
  HOURS_CONFIRM_REFUSALS,
  OFFER_CHANGED_BY,
  OFFER_CLOSED_BY,
  OFFER_STEP_REFUSALS,
  OFFER_UNAVAILABLE_BY,
} from '#domain/refusals.ts';

/** Codes the client adds to the server's ErrorCode for failures that have no server body. */
export type ClientErrorCode = 'network_error' | 'unparseable_response' | 'http_error';

/** What the API layer asks the toast store to show. A subset of the design system's ToastInput. */
export type ApiNotice =
  | { type: 'danger' | 'warning'; key: 'error_unauthorized' | 'error_generic' | 'error_offline' }
  | { type: 'danger' | 'warning'; text: string };

export type ApiFailureKind = 'unauthorized' | 'client' | 'server' | 'unparseable' | 'network';

/** The rejection of every failed call. The worker has already been told (see `notice`). */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The server's code, or a client code when there was no usable error body. */
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly kind: ApiFailureKind,
    /** Per-field problems of a 422 (`validation_failed`). */
    readonly fields: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

export const isApiRequestError = (e: unknown): e is ApiRequestError => e instanceof ApiRequestError;

const isErrorCode = (value: unknown): value is ErrorCode => (errorCodeValues as readonly unknown[]).includes(value);

/** The server's error body, when the text is one (openapi.yaml `ApiError`). */
function parseApiError(text: string): ApiError | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message, fields } = body as Record<string, unknown>;
  if (!isErrorCode(code) || typeof message !== 'string' || message.trim() === '') return undefined;
  const validFields = Array.isArray(fields) ? fields.filter((f): f is FieldError => typeof f?.path === 'string' && typeof f?.message === 'string') : undefined;
  return validFields ? { code, message, fields: validFields } : { code, message };
}

export type Failure = { error: ApiRequestError; notice: ApiNotice; signOut: boolean };

/** An operation as the client names it: method and the contract's path (`POST /auth/login`). */
export type Operation = `${'GET' | 'POST'} ${keyof paths & string}`;

/**
 * The failures a screen says in place, by operation (docs/decisions/130): the worker is told once, there, and the
 * API layer raises no toast for them. `all`: every failure of a public form's submit (login, registration,
 * password reset: their summary or banner says it, 401 included, since nobody is signed in to have a session
 * expire); `allButSession`: a signed-in form's submit, whose 401 (session expired) stays a toast because the worker
 * is sent to the login; a list: just those refusals (the rest is toasted as §8 says).
 */
const OFFER_REFUSALS: readonly ErrorCode[] = [...(Object.keys(OFFER_CLOSED_BY) as ErrorCode[]), ...OFFER_CHANGED_BY];

export const SAID_IN_PLACE: Readonly<Partial<Record<Operation, 'all' | 'allButSession' | readonly ErrorCode[]>>> = {
  'POST /auth/login': 'all',
  'POST /auth/register': 'all',
  'POST /auth/reset-password': 'all',
  'POST /auth/update-password': 'all',
  'POST /auth/validate-token': 'all',
  'GET /auth/impersonate': 'all',
  'POST /user/me/update-policies': 'allButSession',
  // The day and month editors say a failed save beside their Save button (availability_saveFailed).
  'POST /user/me/availabilities/{year}/{month}': 'allButSession',
  'GET /user/me/documents/contract-terminations-download': ['no_c4_for_period'],
  // The offers' screens say a failed read in place; the home and the menu's count simply do without it.
  'GET /user/me/offers': 'allButSession',
  // An offer that is not the worker's to see (an unknown id, or one not sent to them): its page says so (decision 225).
  'GET /user/me/offers/{offer}': OFFER_UNAVAILABLE_BY,
  // The offer's page shows what became of it (filled, expired, withdrawn; or it reads it again).
  'POST /user/me/offers/{offer}/accept': OFFER_REFUSALS,
  'POST /user/me/offers/{offer}/decline': OFFER_REFUSALS,
  // A staffing step refused reads the offer again and shows why (docs/decisions/265-offer-step-child.md).
  'POST /user/me/offers/{offer}/apply': OFFER_STEP_REFUSALS,
  'POST /user/me/offers/{offer}/withdraw-application': OFFER_STEP_REFUSALS,
  'POST /user/me/offers/{offer}/waitlist': OFFER_STEP_REFUSALS,
  'POST /user/me/offers/{offer}/leave-waitlist': OFFER_STEP_REFUSALS,
  'POST /user/me/offers/{offer}/give-back': OFFER_STEP_REFUSALS,
  // Hours (requirements §15): a confirmation refused because a day changed shows the day as it is now (and, for several,
  // why nothing was confirmed); a contest's values refused are said on the form's fields.
  'POST /user/me/hours/confirm': HOURS_CONFIRM_REFUSALS,
  'POST /user/me/hours/{mission}/contest': ['validation_failed'],
  // The absence screens say these refusals in place, where the worker reads what to do instead (decision 204).
  'POST /user/me/absences': ABSENCE_FINAL_REFUSALS,
  'POST /user/me/absences/{report}/certificate': ['absence_certificate_late'],
  'POST /user/me/absences/{report}/withdraw': ['absence_mission_started'],
  // The conversation page says a failed send beside the draft it keeps (docs/decisions/272-conversation-drafts.md).
  'POST /user/me/conversations': 'allButSession',
  'POST /user/me/conversations/{conversation}/messages': 'allButSession',
};

/** Whether the screen that made the call says this failure itself (then no toast). */
export function saidInPlace(operation: string, error: ApiRequestError): boolean {
  const rule = SAID_IN_PLACE[operation as Operation];
  if (rule === undefined) return false;
  if (rule === 'all') return true;
  if (rule === 'allButSession') return error.kind !== 'unauthorized';
  return (rule as readonly string[]).includes(error.code);
}

/** An HTTP answer that is not 2xx. `bodyText` is the raw body ('' when empty). */
export function classifyHttpFailure(input: { status: number; statusText: string; bodyText: string; download: boolean }): Failure {
  const { status, statusText, download } = input;
  const body = parseApiError(input.bodyText);
  const fields = body?.fields ?? [];

  if (status === 401) {
    const error = new ApiRequestError(status, body?.code ?? 'unauthorized', body?.message ?? statusText, 'unauthorized', fields);
    return { error, notice: { type: 'danger', key: 'error_unauthorized' }, signOut: true };
  }
  if (status >= 400 && status < 500) {
    const message = body?.message ?? statusText.trim();
    const error = new ApiRequestError(status, body?.code ?? 'http_error', message, 'client', fields);
    const notice: ApiNotice = message
      ? { type: download ? 'warning' : 'danger', text: message }
      : { type: download ? 'warning' : 'danger', key: 'error_generic' };
    return { error, notice, signOut: false };
  }
  // 5xx (and anything else that is neither 2xx nor 4xx): the server's words are not for the worker.
  const error = new ApiRequestError(status, body?.code ?? 'internal_error', body?.message ?? statusText, 'server', fields);
  return { error, notice: { type: download ? 'warning' : 'danger', key: 'error_generic' }, signOut: false };
}

/** A 2xx answer whose body could not be read as JSON. */
export function unparseableFailure(status: number, download: boolean): Failure {
  const error = new ApiRequestError(status, 'unparseable_response', 'The answer could not be read.', 'unparseable');
  return { error, notice: { type: download ? 'warning' : 'danger', key: 'error_generic' }, signOut: false };
}

/**
 * No answer at all (DNS, connection reset; `offline`: the browser knows it has no network, docs/decisions/242-offline.md,
 * and says so: the worker retries once back, what they typed is still there).
 */
export function networkFailure(cause: unknown, download: boolean, offline = false): Failure {
  const error = new ApiRequestError(0, 'network_error', 'The server could not be reached.', 'network');
  error.cause = cause;
  return { error, notice: { type: download ? 'warning' : 'danger', key: offline ? 'error_offline' : 'error_generic' }, signOut: false };
}
