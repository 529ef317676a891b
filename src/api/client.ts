/**
 * The one API client (openapi-fetch over the generated `paths`). Its middleware is the only place that
 *  - adds `Authorization: Bearer …` when the session has a token (never a token in a URL),
 *  - says which language the server should answer in (`Accept-Language`),
 *  - applies the error catalogue of spec §8 (errors.ts): the worker gets a toast, `onUnauthorized` runs on
 *    401, and the caller gets a rejection (ApiRequestError with the server's code) for every failure,
 *  - gives every mutating call its `Idempotency-Key` (retry-keys.ts): a retry of a call whose answer was lost is
 *    answered by the server as the first time, never done twice (docs/decisions/210-safe-retries.md).
 *
 * Actors (src/actors) call `api.unwrap(api.client.POST(...))`: a value, or a thrown ApiRequestError that the
 * machine handles in its `onError`. The worker has already been told, so machines never toast errors again.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Locale, paths } from '#domain/api-schema.ts';
import { ApiRequestError, classifyHttpFailure, networkFailure, unparseableFailure, type ApiNotice, saidInPlace, type Failure } from './errors.ts';
import { downloadName } from '#domain/download-names.ts';
import { withoutBoundary } from '#domain/request-identity.ts';
import { IDEMPOTENCY_HEADER, createRetryKeys, keyHeader, keyOfHeader, type CallIdentity, type RetryKeys } from './retry-keys.ts';
import { filenameFromContentDisposition, saveBlob, type SaveFile } from './download.ts';

export type ApiDeps = {
  /** The session's token, when signed in. */
  getToken: () => string | null | undefined;
  /** The interface language, sent as Accept-Language. */
  getLocale: () => Locale;
  /** A 401 arrived: the session signs out if it is signed in. */
  onUnauthorized: () => void;
  /** Shows a toast. */
  notify: (notice: ApiNotice) => void;
  /** Absolute base URL; default `location.origin + '/api'` (a relative one fails in Node and jsdom). */
  baseUrl?: string;
  /** Injectable for tests; openapi-fetch captures it at creation. */
  fetch?: typeof globalThis.fetch;
  /** Injectable for tests: how a downloaded Blob becomes a file. */
  saveFile?: SaveFile;
};

export type ApiClient = Client<paths>;

/** The answer of an openapi-fetch call: `data` on success. */
type CallResult<T> = { data?: T; error?: unknown; response: Response };

export type Downloads = ReturnType<typeof createDownloads>;

/**
 * What a caller that cannot go through openapi-fetch needs to behave exactly like the client (the upload with
 * progress of the details wizard uses XMLHttpRequest): the same URLs, headers and error catalogue.
 */
export type Transport = {
  /** The absolute URL of an API path (`/user/me/upload-file/id-front`). */
  url: (path: string) => string;
  /** The headers every call carries: Bearer token when signed in, Accept-Language. */
  headers: () => Record<string, string>;
  /**
   * Applies a failure of the §8 catalogue (errors.ts): the 401 sign-out, the toast (unless the calling screen says
   * it in place: `operation`, see SAID_IN_PLACE). Returns the error to throw.
   */
  report: (failure: Failure, operation?: string) => ApiRequestError;
  /**
   * The Idempotency-Key header of a mutating call (retry-keys.ts), and what to call once it succeeded. `identity`:
   * `POST <url>` and the body sent (the very Blob of an upload).
   */
  retryKey: (identity: CallIdentity) => { headers: Record<string, string>; succeeded: () => void };
};

export type Api = {
  client: ApiClient;
  /**
   * For one call whose failure its screen says itself, where SAID_IN_PLACE cannot tell (the same operation says it
   * elsewhere with the toast): `middleware: [api.saidInPlace]` in its options. No toast; a 401 still signs out.
   */
  saidInPlace: Middleware;
  /** Resolves to the call's data (undefined for 204), or rejects with the ApiRequestError. */
  unwrap: <T>(call: Promise<CallResult<T>>) => Promise<T>;
  downloads: Downloads;
  transport: Transport;
};

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

function createTransport(deps: ApiDeps, baseUrl: string, keys: RetryKeys): Transport {
  return {
    url: (path) => `${baseUrl}${path}`,
    headers: () => {
      const token = deps.getToken();
      return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': deps.getLocale() };
    },
    report: (failure, operation) => {
      if (failure.signOut) deps.onUnauthorized();
      if (!operation || !saidInPlace(operation, failure.error)) deps.notify(failure.notice);
      return failure.error;
    },
    retryKey: (identity) => {
      const key = keys.keyFor(identity);
      return { headers: { [IDEMPOTENCY_HEADER]: keyHeader(key) }, succeeded: () => keys.succeeded(key) };
    },
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives a mutating request its key, unless its caller chose one: the same as the last call's when it repeats it.
 * The body is read to compare it, so the request is made again with those bytes: sending a copy of a read stream
 * instead would make the browser stream it (a chunked upload that DevTools and Playwright cannot show).
 */
async function withRetryKey(request: Request, transport: Transport): Promise<Request> {
  if (SAFE_METHODS.has(request.method) || request.headers.has(IDEMPOTENCY_HEADER)) return request;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const body = withoutBoundary(bytes, request.headers.get('Content-Type'));
  const { headers } = transport.retryKey({ call: `${request.method} ${request.url}`, body });
  const keyed = new Request(request, { body: bytes.length > 0 ? bytes : null });
  for (const [name, value] of Object.entries(headers)) keyed.headers.set(name, value);
  return keyed;
}

/** The requests (openapi-fetch's id per call) made with `saidInPlace`: their screen says a failure itself. */
function createSaidInPlace(): { middleware: Middleware; has: (id: string) => boolean; forget: (id: string) => void } {
  const ids = new Set<string>();
  return {
    middleware: {
      onRequest({ id }) {
        ids.add(id);
      },
    },
    has: (id) => ids.has(id),
    forget: (id) => void ids.delete(id),
  };
}

function errorMiddleware(transport: Transport, keys: RetryKeys, inPlace: ReturnType<typeof createSaidInPlace>): Middleware {
  // The error to throw, the worker told unless the screen says it (SAID_IN_PLACE; a call made with `saidInPlace`:
  // every failure but the session's).
  const report = (failure: Failure, operation: string, saidHere: boolean) =>
    saidHere ? (failure.signOut ? transport.report(failure) : failure.error) : transport.report(failure, operation);
  return {
    async onRequest({ request }) {
      for (const [name, value] of Object.entries(transport.headers())) request.headers.set(name, value);
      return withRetryKey(request, transport);
    },
    async onResponse({ request, response, options, schemaPath, id }) {
      // The last middleware to see the answer (openapi-fetch runs onResponse in reverse): the call is over.
      const saidHere = inPlace.has(id);
      inPlace.forget(id);
      const fail = (failure: Failure, operation: string): never => {
        throw report(failure, operation, saidHere);
      };
      const download = options.parseAs === 'blob';
      const operation = `${request.method} ${schemaPath}`;
      const key = keyOfHeader(request.headers.get(IDEMPOTENCY_HEADER));
      if (key && response.ok) keys.succeeded(key);
      if (!response.ok) {
        const bodyText = await response
          .clone()
          .text()
          .catch(() => '');
        return fail(classifyHttpFailure({ status: response.status, statusText: response.statusText, bodyText, download }), operation);
      }
      if (options.parseAs === 'json' && response.status !== 204) {
        // Read a copy once here so that an answer that is not JSON (a proxy page, a cut body) fails in one place.
        const text = await response
          .clone()
          .text()
          .catch(() => undefined);
        if (text === undefined) return fail(unparseableFailure(response.status, download), operation);
        if (text !== '') {
          try {
            JSON.parse(text);
          } catch {
            return fail(unparseableFailure(response.status, download), operation);
          }
        }
      }
      return undefined;
    },
    onError({ error, options, request, schemaPath, id }) {
      const saidHere = inPlace.has(id);
      inPlace.forget(id);
      // A cancelled call (route left, component gone) is not a failure to report.
      if (isAbort(error) || error instanceof ApiRequestError) return undefined;
      const offline = globalThis.navigator?.onLine === false;
      return report(networkFailure(error, options.parseAs === 'blob', offline), `${request.method} ${schemaPath}`, saidHere);
    },
  };
}

async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  const result = await call;
  // The middleware already rejected every failure; this guards a client used without it.
  if (!result.response.ok) {
    throw new ApiRequestError(result.response.status, 'http_error', result.response.statusText, 'client');
  }
  return result.data as T;
}

export function createApi(deps: ApiDeps): Api {
  const baseUrl = deps.baseUrl ?? `${globalThis.location?.origin ?? 'http://localhost'}/api`;
  const client = createClient<paths>({ baseUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
  const keys = createRetryKeys();
  const transport = createTransport(deps, baseUrl, keys);
  const inPlace = createSaidInPlace();
  client.use(errorMiddleware(transport, keys, inPlace));
  return { client, saidInPlace: inPlace.middleware, unwrap, downloads: createDownloads(client, deps.saveFile ?? saveBlob), transport };
}

/**
 * The five downloads of spec §7 (+ the calendar export). Each resolves to the saved file name, or rejects
 * with the ApiRequestError after the warning toast.
 */
function createDownloads(client: ApiClient, save: SaveFile) {
  // The server names every file (domain/download-names.ts, decision 135); the fallbacks follow the same rule.
  const saveAs = async (call: Promise<CallResult<Blob>>, fallbackName: string) => {
    const { data, response } = await call;
    const name = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
    save(data as Blob, name);
    return name;
  };
  return {
    /** §7 says planning.pdf; docs/decisions/135-download-names.md adds the month (`planning-2026-12.pdf`), named by the server. */
    planning: () => saveAs(client.GET('/user/download-planning', { parseAs: 'blob' }), downloadName('planning', [], 'pdf')),
    planningCalendar: () => saveAs(client.GET('/user/download-planning.ics', { parseAs: 'blob' }), downloadName('planning', [], 'ics')),
    /** Named by the server from the reference and the day (`contrat-FOIRE-LIEGE-3-2026-12-04.pdf`). */
    contract: (job: string, mission: string, fallbackName = downloadName('contract', [], 'pdf')) =>
      saveAs(client.GET('/user/me/documents/{job}/contract/{mission}/download', { params: { path: { job, mission } }, parseAs: 'blob' }), fallbackName),
    /** A photo or PDF of one of the worker's conversations, named by the server. */
    conversationAttachment: (conversation: string, attachment: string, name: string) =>
      saveAs(
        client.GET('/user/me/conversations/{conversation}/attachments/{attachment}', { params: { path: { conversation, attachment } }, parseAs: 'blob' }),
        name,
      ),
    legalDocument: (file: string) =>
      saveAs(client.GET('/user/me/documents/legal-document-download', { params: { query: { file } }, parseAs: 'blob' }), downloadName(file, [], 'pdf')),
    workedDaysAttest: (start: string, end: string) =>
      saveAs(
        client.GET('/user/me/documents/worked-days-attest-download', { params: { query: { start, end } }, parseAs: 'blob' }),
        downloadName('worked-days', [start, end], 'pdf'),
      ),
    c4: (start: string, end: string) =>
      saveAs(
        client.GET('/user/me/documents/contract-terminations-download', { params: { query: { start, end } }, parseAs: 'blob' }),
        downloadName('C4', [start, end], 'pdf'),
      ),
  };
}
