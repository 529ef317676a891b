/**
 * The error catalogue of spec §8, row by row, through the real client and middleware with a fake fetch.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApi, type ApiDeps } from '../../src/api/client.ts';
import { ApiRequestError, type ApiNotice } from '../../src/api/errors.ts';

type Reply = Response | ((request: Request) => Response | Promise<Response>);

function setup(reply: Reply, overrides: Partial<ApiDeps> = {}) {
  const requests: Request[] = [];
  const notices: ApiNotice[] = [];
  const saved: { name: string; blob: Blob }[] = [];
  const onUnauthorized = vi.fn();
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  const api = createApi({
    baseUrl: 'http://portal.test/api',
    fetch: fetch as unknown as typeof globalThis.fetch,
    getToken: () => 'tok-123',
    getLocale: () => 'nl',
    onUnauthorized,
    notify: (n) => notices.push(n),
    saveFile: (blob, name) => saved.push({ blob, name }),
    ...overrides,
  });
  return { api, requests, notices, saved, onUnauthorized };
}

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

/** Runs the call and returns its rejection (fails the test when it resolves). */
async function rejection(call: Promise<unknown>): Promise<ApiRequestError> {
  const outcome = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(ApiRequestError);
  return outcome as ApiRequestError;
}

const info = { emailHasBeenValidated: true };

describe('requests', () => {
  it('carry the Bearer token in a header (never in the URL) and the interface language', async () => {
    const { api, requests } = setup(json(info));
    await api.unwrap(api.client.GET('/user/me/info'));
    const [request] = requests;
    expect(request!.url).toBe('http://portal.test/api/user/me/info');
    expect(request!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request!.headers.get('Accept-Language')).toBe('nl');
    expect(request!.url).not.toContain('tok-123');
  });

  it('carry no Authorization header when signed out', async () => {
    const { api, requests } = setup(json(info), { getToken: () => null });
    await api.unwrap(api.client.GET('/user/me/info'));
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('unwrap gives the data, and undefined for a 204', async () => {
    const ok = setup(json(info));
    await expect(ok.api.unwrap(ok.api.client.GET('/user/me/info'))).resolves.toEqual(info);
    const empty = setup(new Response(null, { status: 204 }));
    await expect(empty.api.unwrap(empty.api.client.POST('/auth/logout', { body: {} }))).resolves.toBeUndefined();
    expect(ok.notices).toEqual([]);
  });
});

describe('§8 error catalogue', () => {
  it('401: signs out (onUnauthorized) and toasts error.unauthorized; the rejection says 401', async () => {
    const { api, notices, onUnauthorized } = setup(json({ code: 'unauthorized', message: 'Identifiants incorrects' }, 401));
    const error = await rejection(api.unwrap(api.client.GET('/user/me/info')));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([{ type: 'danger', key: 'error_unauthorized' }]);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', kind: 'unauthorized' });
  });

  it('other 4xx: toast with the server message; the rejection carries the server code', async () => {
    const body = { code: 'freelance_not_allowed', message: 'Niet voor zelfstandigen.' };
    const { api, notices, onUnauthorized } = setup(json(body, 403, 'Forbidden'));
    const error = await rejection(api.unwrap(api.client.GET('/user/me/documents/contracts-overview')));
    expect(notices).toEqual([{ type: 'danger', text: body.message }]);
    expect(error).toMatchObject({ status: 403, code: 'freelance_not_allowed', message: body.message, kind: 'client' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('422: the rejection carries the per-field problems', async () => {
    const fields = [{ path: 'mainAddress[zip]', message: 'Code postal belge invalide' }];
    const { api } = setup(json({ code: 'validation_failed', message: 'Vérifiez les champs.', fields }, 422));
    const error = await rejection(api.client.GET('/user/me/details'));
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual(fields);
  });

  it('other 4xx without a server body: toast with the status text', async () => {
    const { api, notices } = setup(new Response('<html>gateway</html>', { status: 403, statusText: 'Forbidden' }));
    const error = await rejection(api.client.GET('/user/me/info'));
    expect(notices).toEqual([{ type: 'danger', text: 'Forbidden' }]);
    expect(error).toMatchObject({ status: 403, code: 'http_error' });
  });

  it('other 4xx with neither a body nor a status text: the generic toast', async () => {
    const { api, notices } = setup(new Response(null, { status: 404 }));
    await rejection(api.client.GET('/user/me/info'));
    expect(notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
  });

  it('500: toasts error.generic (the server text is not for the worker)', async () => {
    const { api, notices } = setup(json({ code: 'internal_error', message: 'Erreur interne' }, 500));
    const error = await rejection(api.client.GET('/user/me/info'));
    expect(notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', kind: 'server' });
  });

  it('another 5xx with an HTML page (a proxy): toasts error.generic', async () => {
    const { api, notices } = setup(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await rejection(api.client.GET('/user/me/info'));
    expect(notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
    expect(error.status).toBe(502);
  });

  it('an unparseable answer (200 that is not JSON): toasts error.generic and rejects', async () => {
    const { api, notices } = setup(new Response('<!doctype html><title>Portail</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await rejection(api.unwrap(api.client.GET('/user/me/info')));
    expect(notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
    expect(error).toMatchObject({ status: 200, code: 'unparseable_response', kind: 'unparseable' });
  });

  it('a network failure: toasts error.generic and rejects with status 0', async () => {
    const { api, notices } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(api.unwrap(api.client.GET('/user/me/info')));
    expect(notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
    expect(error).toMatchObject({ status: 0, code: 'network_error', kind: 'network' });
  });

  it('no network while the browser says it is offline: error_offline, the retry once back (docs/decisions/242-offline.md)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const { api, notices } = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      const error = await rejection(api.unwrap(api.client.GET('/user/me/info')));
      expect(notices).toEqual([{ type: 'danger', key: 'error_offline' }]);
      expect(error).toMatchObject({ status: 0, code: 'network_error', kind: 'network' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a cancelled call is not a failure: no toast, the AbortError goes through', async () => {
    const { api, notices } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(api.client.GET('/user/me/info')).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });

  describe('a download failure: a warning toast with the server message, or the generic one', () => {
    it('with the server message', async () => {
      const body = { code: 'document_not_found', message: 'Document niet gevonden.' };
      const { api, notices, saved } = setup(json(body, 404));
      const error = await rejection(api.downloads.c4('2026-01-01', '2026-01-31'));
      expect(notices).toEqual([{ type: 'warning', text: body.message }]);
      expect(error.code).toBe('document_not_found');
      expect(saved).toEqual([]);
    });

    it('a 500: the generic one', async () => {
      const { api, notices } = setup(json({ code: 'internal_error', message: 'x' }, 500));
      await rejection(api.downloads.planning());
      expect(notices).toEqual([{ type: 'warning', key: 'error_generic' }]);
    });

    it('no answer: the generic one', async () => {
      const { api, notices } = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      await rejection(api.downloads.legalDocument('payslip-202601-7'));
      expect(notices).toEqual([{ type: 'warning', key: 'error_generic' }]);
    });

    it('a 401 is still a 401: sign out and error.unauthorized', async () => {
      const { api, notices, onUnauthorized } = setup(json({ code: 'unauthorized', message: 'x' }, 401));
      await rejection(api.downloads.planning());
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(notices).toEqual([{ type: 'danger', key: 'error_unauthorized' }]);
    });
  });
});

describe('downloads are saved as files with the names of §7', () => {
  const pdf = (disposition?: string) =>
    new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', ...(disposition ? { 'Content-Disposition': disposition } : {}) },
    });

  it('the planning is saved under the name the server gives (planning-2026-12.pdf), planning.pdf without one', async () => {
    const { api, saved, requests } = setup(pdf(`attachment; filename="planning-2026-12.pdf"; filename*=UTF-8''planning-2026-12.pdf`));
    await expect(api.downloads.planning()).resolves.toBe('planning-2026-12.pdf');
    expect(saved[0]!.name).toBe('planning-2026-12.pdf');
    const unnamed = setup(pdf());
    await expect(unnamed.api.downloads.planning()).resolves.toBe('planning.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(requests[0]!.url).toBe('http://portal.test/api/user/download-planning');
  });

  it('a contract is named by the Content-Disposition (UTF-8 form first), with a fallback', async () => {
    const named = setup(pdf(`attachment; filename="contract.pdf"; filename*=UTF-8''Contrats%20%C3%A9t%C3%A9-M42.pdf`));
    await named.api.downloads.contract('J7', 'M42');
    expect(named.saved[0]!.name).toBe('Contrats été-M42.pdf');
    expect(named.requests[0]!.url).toBe('http://portal.test/api/user/me/documents/J7/contract/M42/download');
    const unnamed = setup(pdf());
    await unnamed.api.downloads.contract('J7', 'M42', 'Contrats-M42.pdf');
    expect(unnamed.saved[0]!.name).toBe('Contrats-M42.pdf');
  });

  it('attests pass their period in the query and fall back to a dated name', async () => {
    const { api, saved, requests } = setup(pdf());
    await api.downloads.workedDaysAttest('2026-01-01', '2026-01-31');
    expect(requests[0]!.url).toBe('http://portal.test/api/user/me/documents/worked-days-attest-download?start=2026-01-01&end=2026-01-31');
    expect(saved[0]!.name).toBe('worked-days-2026-01-01-2026-01-31.pdf');
    await api.downloads.legalDocument('loonbrief-202601-x7');
    expect(saved[1]!.name).toBe('loonbrief-202601-x7.pdf');
  });
});

/** docs/decisions/130-one-error-channel.md: what a screen says in place is not toasted as well (one channel per problem). */
describe('failures said in place raise no toast', () => {
  const register = { firstName: 'A', lastName: 'B', email: 'a@b.be', password: '12345678', language: 'nl' } as const;

  it.each([
    ['a wrong password (the login form says it)', 401, 'unauthorized'],
    ['too many attempts (the login form says it)', 429, 'too_many_attempts'],
    ['a server failure at login (the login form says it)', 500, 'internal_error'],
  ] as const)('%s', async (_, status, code) => {
    const { api, notices } = setup(json({ code, message: 'Texte du serveur' }, status), { getToken: () => null });
    const error = await rejection(api.unwrap(api.client.POST('/auth/login', { body: { username: 'a@b.be', password: 'x', remember: true } })));
    expect(error.code).toBe(code);
    expect(notices).toEqual([]);
  });

  it('no network at login: the form says it, no toast', async () => {
    const { api, notices } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await rejection(api.unwrap(api.client.POST('/auth/login', { body: { username: 'a@b.be', password: 'x', remember: true } })));
    expect(notices).toEqual([]);
  });

  it('"already exists" at registration: on the e-mail field only', async () => {
    const { api, notices } = setup(json({ code: 'email_already_exists', message: 'Dit e-mailadres is al geregistreerd.' }, 409));
    expect((await rejection(api.unwrap(api.client.POST('/auth/register', { body: register })))).code).toBe('email_already_exists');
    expect(notices).toEqual([]);
  });

  it('"no C4 for this period": said next to the period only; another C4 failure is still a toast', async () => {
    const none = setup(json({ code: 'no_c4_for_period', message: 'Geen C4 voor deze periode.' }, 404));
    expect((await rejection(none.api.downloads.c4('2026-01-01', '2026-01-31'))).code).toBe('no_c4_for_period');
    expect(none.notices).toEqual([]);
    const broken = setup(json({ code: 'internal_error', message: 'x' }, 500));
    await rejection(broken.api.downloads.c4('2026-01-01', '2026-01-31'));
    expect(broken.notices).toEqual([{ type: 'warning', key: 'error_generic' }]);
  });

  it('the policies form says its failure; an expired session there is still the toast (and the sign-out)', async () => {
    const body = { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } as const;
    const failed = setup(json({ code: 'internal_error', message: 'x' }, 500));
    await rejection(failed.api.unwrap(failed.api.client.POST('/user/me/update-policies', { body })));
    expect(failed.notices).toEqual([]);
    const expired = setup(json({ code: 'unauthorized', message: 'x' }, 401));
    await rejection(expired.api.unwrap(expired.api.client.POST('/user/me/update-policies', { body })));
    expect(expired.notices).toEqual([{ type: 'danger', key: 'error_unauthorized' }]);
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('the availability editors say a failed save beside Save: no toast over them; an expired session is still told', async () => {
    const path = { params: { path: { year: 2027, month: 3 } }, body: [{ day: 1, morning: true, afternoon: false, evening: false }] };
    const failed = setup(json({ code: 'internal_error', message: 'x' }, 500));
    await rejection(failed.api.unwrap(failed.api.client.POST('/user/me/availabilities/{year}/{month}', path)));
    expect(failed.notices).toEqual([]);
    const expired = setup(json({ code: 'unauthorized', message: 'x' }, 401));
    await rejection(expired.api.unwrap(expired.api.client.POST('/user/me/availabilities/{year}/{month}', path)));
    expect(expired.notices).toEqual([{ type: 'danger', key: 'error_unauthorized' }]);
  });

  it('one call made with saidInPlace raises no toast; the same operation without it still does', async () => {
    const month = { params: { path: { year: 2027, month: 2 } } };
    const offline = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const said = await rejection(
      offline.api.unwrap(offline.api.client.GET('/user/me/availabilities/{year}/{month}', { ...month, middleware: [offline.api.saidInPlace] })),
    );
    expect(said.kind).toBe('network');
    const broken = setup(json({ code: 'internal_error', message: 'x' }, 500));
    await rejection(broken.api.unwrap(broken.api.client.GET('/user/me/availabilities/{year}/{month}', { ...month, middleware: [broken.api.saidInPlace] })));
    expect([...offline.notices, ...broken.notices]).toEqual([]);
    await rejection(broken.api.unwrap(broken.api.client.GET('/user/me/availabilities/{year}/{month}', month)));
    expect(broken.notices).toEqual([{ type: 'danger', key: 'error_generic' }]);
    const expired = setup(json({ code: 'unauthorized', message: 'x' }, 401));
    await rejection(expired.api.unwrap(expired.api.client.GET('/user/me/availabilities/{year}/{month}', { ...month, middleware: [expired.api.saidInPlace] })));
    expect(expired.notices).toEqual([{ type: 'danger', key: 'error_unauthorized' }]);
    expect(expired.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('Idempotency-Key (docs/decisions/210-safe-retries.md)', () => {
  const key = (request: Request | undefined) => request!.headers.get('Idempotency-Key');
  const lost = () => Promise.reject(new TypeError('Failed to fetch'));

  it('every mutating call carries one, a read none', async () => {
    const { api, requests } = setup(json(info));
    await api.unwrap(api.client.GET('/user/me/info'));
    await api.unwrap(api.client.POST('/user/me/update-policies', { body: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } }));
    expect(key(requests[0])).toBeNull();
    expect(key(requests[1])).toMatch(/^"[\w-]{22}"$/);
  });

  it('a retry after a lost answer reuses it; after a success the same call is a new intent', async () => {
    let answer: () => Response | Promise<Response> = lost;
    const { api, requests } = setup(() => answer());
    const sign = () => api.unwrap(api.client.POST('/user/me/documents/mark-for-signing', { body: [{ mission: 'm1', comment: '' }] })).catch(() => undefined);
    await sign();
    answer = () => json([]);
    await sign();
    await sign();
    expect(key(requests[1])).toBe(key(requests[0]));
    expect(key(requests[2])).not.toBe(key(requests[1]));
  });

  it('a changed body is a new intent, and so is the first body again (A → B → A)', async () => {
    const { api, requests } = setup(lost);
    const save = (day: number) =>
      api
        .unwrap(
          api.client.POST('/user/me/availabilities/{year}/{month}', {
            params: { path: { year: 2026, month: 5 } },
            body: [{ day, morning: true, afternoon: false, evening: false }],
          }),
        )
        .catch(() => undefined);
    await save(1);
    await save(2);
    await save(1);
    expect(new Set(requests.map(key)).size).toBe(3);
  });

  it('a multipart step sent again is the same request though its boundary differs', async () => {
    const { api, requests } = setup(lost);
    const body = () => {
      const form = new FormData();
      form.append('firstName', 'Anne');
      return form;
    };
    const save = () =>
      api.unwrap(api.client.POST('/user/me/update-details/{step}', { params: { path: { step: 1 } }, body: {}, bodySerializer: body })).catch(() => undefined);
    await save();
    await save();
    expect(requests[0]!.headers.get('Content-Type')).not.toBe(requests[1]!.headers.get('Content-Type'));
    expect(key(requests[1])).toBe(key(requests[0]));
  });

  it("a caller's own key is left as it is", async () => {
    const { api, requests } = setup(new Response(null, { status: 204 }));
    await api.unwrap(api.client.POST('/auth/logout', { body: {}, headers: { 'Idempotency-Key': '"chosen-by-the-caller-1"' } }));
    expect(key(requests[0])).toBe('"chosen-by-the-caller-1"');
  });
});
