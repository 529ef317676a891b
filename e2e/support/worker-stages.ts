/**
 * A worker moved forward one stage at a time, as the worker and the agency would do it through the API and the
 * back-office: the session's browser paths need the server to answer an info read with a given gate state at a
 * given moment (e2e/support/session-walk.ts).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { PNG, stepEntries } from '../../tests/fixtures/worker-data.ts';
import { STAGES, rank, type Stage } from './session-walk.ts';
import { backoffice, workerPath, type Worker } from './workers.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectStatus(response: Awaited<ReturnType<APIRequestContext['post']>>, status: number) {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
}

/** The one stage after `from`, done. */
async function step(request: APIRequestContext, worker: Worker, to: Stage): Promise<void> {
  const headers = bearer(worker.token);
  if (to === 'policiesAgreed') {
    await expectStatus(
      await request.post('/api/user/me/update-policies', { headers, data: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } }),
      200,
    );
  } else if (to === 'detailsSubmitted') {
    for (const n of [1, 2, 3]) {
      const form = new FormData();
      for (const [key, value] of stepEntries(n, worker.email)) form.append(key, value);
      await expectStatus(await request.post(`/api/user/me/update-details/${n}`, { headers, multipart: form }), 204);
    }
    for (const kind of ['id-front', 'id-back', 'picture1']) {
      await expectStatus(
        await request.post(`/api/user/me/upload-file/${kind}`, {
          headers,
          multipart: { upload: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG) } },
        }),
        204,
      );
    }
    for (const n of [4, 5]) await expectStatus(await request.post(`/api/user/me/update-details/${n}`, { headers, multipart: new FormData() }), 204);
  } else if (to === 'approved') {
    await backoffice(request, 'POST', `${workerPath(worker.email)}/approve-details`);
  }
}

/** Moves `worker` from `from` to `to` (never back: a file only moves forward). */
export async function advance(request: APIRequestContext, worker: Worker, from: Stage, to: Stage): Promise<void> {
  if (rank(to) < rank(from)) throw new Error(`a worker cannot go back from ${from} to ${to}`);
  for (const next of STAGES.slice(rank(from) + 1, rank(to) + 1)) await step(request, worker, next);
}

/** A one-time impersonation token for `worker`, from the back-office (the agency's side). */
export async function impersonationToken(request: APIRequestContext, email: string): Promise<string> {
  const { token } = await backoffice<{ token: string }>(request, 'POST', `${workerPath(email)}/impersonation-token`, undefined, 201);
  return token;
}
