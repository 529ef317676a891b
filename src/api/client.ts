/**
 * The one API client (openapi-fetch over the generated `paths`). Its middleware is the only place that
 *  - adds `Authorization: Bearer …` when the session has a token (never a token in a URL),
 *  - says which language the server should answer in (`Accept-Language`),
 *  - applies the error catalogue of spec §8 (errors.ts): the worker gets a toast, `onUnauthorized` runs on
 *    401, and the caller gets a rejection (ApiRequestError with the server's code) for every failure.
 *
 * Actors (src/actors) call `api.unwrap(api.client.POST(...))`: a value, or a thrown ApiRequestError that the
 * machine handles in its `onError`. The worker has already been told, so machines never toast errors again.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { Locale, paths } from './schema.ts';
import {
  ApiRequestError,
  classifyHttpFailure,
  networkFailure,
  unparseableFailure,
  type ApiNotice,
  type Failure,
} from './errors.ts';
import { downloadName } from '../domain/download-names.ts';
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
  /** Applies a failure of the §8 catalogue (errors.ts): the 401 sign-out, the toast. Returns the error to throw. */
  report: (failure: Failure) => ApiRequestError;
};

export type Api = {
  client: ApiClient;
  /** Resolves to the call's data (undefined for 204), or rejects with the ApiRequestError. */
  unwrap: <T>(call: Promise<CallResult<T>>) => Promise<T>;
  downloads: Downloads;
  transport: Transport;
};

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

function createTransport(deps: ApiDeps, baseUrl: string): Transport {
  return {
    url: (path) => `${baseUrl}${path}`,
    headers: () => {
      const token = deps.getToken();
      return { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Accept-Language': deps.getLocale() };
    },
    report: (failure) => {
      if (failure.signOut) deps.onUnauthorized();
      deps.notify(failure.notice);
      return failure.error;
    },
  };
}

function errorMiddleware(deps: ApiDeps, transport: Transport): Middleware {
  const fail = (failure: Failure): never => {
    throw transport.report(failure);
  };
  return {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(transport.headers())) request.headers.set(name, value);
      return request;
    },
    async onResponse({ response, options }) {
      const download = options.parseAs === 'blob';
      if (!response.ok) {
        const bodyText = await response.clone().text().catch(() => '');
        return fail(classifyHttpFailure({ status: response.status, statusText: response.statusText, bodyText, download }));
      }
      if (options.parseAs === 'json' && response.status !== 204) {
        // Read a copy once here so that an answer that is not JSON (a proxy page, a cut body) fails in one place.
        const text = await response.clone().text().catch(() => undefined);
        if (text === undefined) return fail(unparseableFailure(response.status, download));
        if (text !== '') {
          try {
            JSON.parse(text);
          } catch {
            return fail(unparseableFailure(response.status, download));
          }
        }
      }
      return undefined;
    },
    onError({ error, options }) {
      // A cancelled call (route left, component gone) is not a failure to report.
      if (isAbort(error) || error instanceof ApiRequestError) return undefined;
      const failure = networkFailure(error, options.parseAs === 'blob');
      deps.notify(failure.notice);
      return failure.error;
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
  const transport = createTransport(deps, baseUrl);
  client.use(errorMiddleware(deps, transport));
  return { client, unwrap, downloads: createDownloads(client, deps.saveFile ?? saveBlob), transport };
}

/**
 * The five downloads of spec §7 (+ the calendar export). Each resolves to the saved file name, or rejects
 * with the ApiRequestError after the warning toast.
 */
function createDownloads(client: ApiClient, save: SaveFile) {
  // The server names every file (src/domain/download-names.ts, decision 135); the fallbacks follow the same rule.
  const saveAs = async (call: Promise<CallResult<Blob>>, fallbackName: string) => {
    const { data, response } = await call;
    const name = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
    save(data as Blob, name);
    return name;
  };
  return {
    /** Spec §7 says planning.pdf; issue 21 adds the month (`planning-2026-12.pdf`), named by the server. */
    planning: () => saveAs(client.GET('/user/download-planning', { parseAs: 'blob' }), downloadName('planning', [], 'pdf')),
    planningCalendar: () => saveAs(client.GET('/user/download-planning.ics', { parseAs: 'blob' }), downloadName('planning', [], 'ics')),
    /** Named by the server from the reference and the day (`contrat-FOIRE-LIEGE-3-2026-12-04.pdf`). */
    contract: (job: string, mission: string, fallbackName = downloadName('contract', [], 'pdf')) =>
      saveAs(client.GET('/user/me/documents/{job}/contract/{mission}/download', { params: { path: { job, mission } }, parseAs: 'blob' }), fallbackName),
    legalDocument: (file: string) =>
      saveAs(client.GET('/user/me/documents/legal-document-download', { params: { query: { file } }, parseAs: 'blob' }), downloadName(file, [], 'pdf')),
    workedDaysAttest: (start: string, end: string) =>
      saveAs(
        client.GET('/user/me/documents/worked-days-attest-download', { params: { query: { start, end } }, parseAs: 'blob' }),
        downloadName('worked-days', [start, end], 'pdf'),
      ),
    c4: (start: string, end: string) =>
      saveAs(client.GET('/user/me/documents/contract-terminations-download', { params: { query: { start, end } }, parseAs: 'blob' }), downloadName('C4', [start, end], 'pdf')),
  };
}
