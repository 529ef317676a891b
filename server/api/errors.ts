/**
 * The one error body of the contract (ApiError): a stable code, a message in the caller's language, and for
 * 422 the fields with their translated validation message. Handlers throw `ApiFailure`; the app turns it
 * (and anything unexpected, as a 500 without details) into the body.
 */
import type { Context } from 'hono';
import type { ApiError, ErrorCode, FieldError, Locale } from '#domain/api-schema.ts';
import { localeFromAcceptLanguage, t } from '../i18n.ts';

/** A field problem before translation: the path and a validation_* message key. */
export type FieldIssue = { path: string; key: string };

export class ApiFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    readonly fields: FieldIssue[] = [],
    readonly headers: Record<string, string> = {},
    /** The placeholders of the code's message (`apiError_<code>`), a number written as the caller's language writes it. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

export const badRequest = () => new ApiFailure(400, 'bad_request');

/**
 * A list body that names the same item twice (a day, a mission) is malformed, as the contract says: which of the
 * two should win? 400, and nothing is stored.
 */
export function assertDistinct<T>(items: readonly T[], identity: (item: T) => unknown): void {
  if (new Set(items.map(identity)).size !== items.length) throw badRequest();
}
export const notFound = (code: ErrorCode = 'not_found') => new ApiFailure(404, code);
export const forbidden = (code: ErrorCode) => new ApiFailure(403, code);
export const invalid = (fields: FieldIssue[]) => new ApiFailure(422, 'validation_failed', fields);

const NUMBER = { fr: new Intl.NumberFormat('fr-BE'), nl: new Intl.NumberFormat('nl-BE') } as const;

export function errorBody(locale: Locale, code: ErrorCode, fields: FieldIssue[] = [], params: Record<string, string | number> = {}): ApiError {
  const written = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, typeof v === 'number' ? NUMBER[locale].format(v) : v]));
  const body: ApiError = { code, message: t(locale, `apiError_${code}`, written) };
  if (fields.length > 0) body.fields = fields.slice(0, 200).map((f): FieldError => ({ path: f.path.slice(0, 200), message: t(locale, f.key) }));
  return body;
}

export const requestLocale = (c: Context): Locale => localeFromAcceptLanguage(c.req.header('Accept-Language'));

/** Seconds a client waits before trying again while the database is away (it is usually back within seconds). */
const DATABASE_RETRY_AFTER = 2;
export const databaseUnavailable = () => new ApiFailure(503, 'database_unavailable', [], { 'Retry-After': String(DATABASE_RETRY_AFTER) });

export function errorResponse(c: Context, failure: ApiFailure): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...failure.headers };
  // A body refused for its size was not read to its end: what is left of it would be taken for the next request on
  // this connection. Say the connection ends here, so that Node closes it and the client opens a new one.
  if (failure.code === 'payload_too_large') headers.Connection = 'close';
  return c.json(errorBody(requestLocale(c), failure.code, failure.fields, failure.params), failure.status, headers);
}
