// @vitest-environment jsdom
/**
 * The signing evidence (docs/decisions/064-checking-the-signing-evidence.md), end to end in one process: the real /digital-signing screen (route, machine, actors, API client)
 * talks to the real reference server (Hono + PGlite, in memory); the worker downloads a contract, signs two of
 * three missions with a comment through the UI, and the stored evidence is read back from the database: the
 * worker, the time, the client address, the browser's User-Agent and the SHA-256 of the very PDF the worker
 * downloaded (decision 014). The Playwright journey does the same in Chromium but cannot read the database.
 */
import { File as NodeFile } from 'node:buffer';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '../../machines/session.types.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { approvedWorker, mission } from '../server/helpers/workers.ts';
import { renderRoute, testApi } from '../signature/render-route.tsx';
import { startServer, type TestServer } from '../server/helpers/harness.ts';

/** The missions' own checkboxes ("select all" is one more). */
const missionBoxes = () => screen.queryAllByRole('checkbox').filter((box) => box.closest('li[data-mission]'));

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const ADDRESS = '198.51.100.23';
let server: TestServer;
beforeAll(async () => {
  // The server tests' harness, in this process: every answer is checked against openapi.yaml as there.
  server = await startServer({ start: new Date('2026-05-12T14:03:00Z') });
});
afterAll(async () => {
  act(() => toasts.clear());
  await server?.close();
});

/**
 * The worker is made through the API as the server tests make one, uploads included: with Node's FormData and
 * File for those calls (jsdom's own cannot be sent by Node's Request).
 */
async function withNodeForms<T>(work: () => Promise<T>): Promise<T> {
  const saved = { FormData: globalThis.FormData, File: globalThis.File };
  const probe = new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  Object.assign(globalThis, { FormData: (await probe.formData()).constructor, File: NodeFile });
  try {
    return await work();
  } finally {
    Object.assign(globalThis, saved);
  }
}

/** The portal's fetch, answered by the server in this process (as a browser would send it, User-Agent included). */
const serverFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const headers: Record<string, string> = { 'User-Agent': navigator.userAgent };
  request.headers.forEach((value, name) => void (headers[name] = value));
  const body = request.method === 'GET' ? undefined : await request.text();
  const answer = await server.call(request.method, url.pathname + url.search, { headers, ...(body ? { body } : {}), address: ADDRESS });
  return new Response(answer.status === 204 ? null : new Uint8Array(answer.bytes), { status: answer.status, headers: answer.headers });
};

describe('signing through the UI keeps the evidence', () => {
  it('stores who, when, from where, which browser, the comment and the hash of the PDF the worker downloaded', async () => {
    const worker = await withNodeForms(() => approvedWorker(server, { signature: 'validated' }));
    const missions = [];
    for (const [day, reference] of [
      [-3, 'EVD-1'],
      [-2, 'EVD-2'],
      [-1, 'EVD-3'],
    ] as const) {
      const created = await mission(server, worker.email, {
        reference,
        date: new Date(server.clock.now.getTime() + day * 86_400_000).toISOString().slice(0, 10),
      });
      missions.push(created);
    }
    const user = (await server.post('/api/auth/login', { json: { username: worker.email, password: 'correct horse', remember: true } })).json as CurrentUser;
    const saved: Blob[] = [];
    const api = testApi(serverFetch, { token: user.token, saveFile: (blob) => void saved.push(blob) });
    await renderRoute({ path: '/digital-signing', api, user });

    // The worker reads the first contract, then signs the first and the third, with a comment on the third.
    const card = (reference: string) => screen.getByRole('checkbox', { name: new RegExp(reference) }).closest('li')!;
    await waitFor(() => expect(missionBoxes()).toHaveLength(3), { timeout: 10_000 });
    await userEvent.click(within(card('EVD-1')).getByRole('button', { name: m.signing_downloadContract({ reference: 'EVD-1' }) }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await userEvent.click(within(card('EVD-1')).getByRole('checkbox'));
    await userEvent.click(within(card('EVD-3')).getByRole('checkbox'));
    await userEvent.type(within(card('EVD-3')).getByRole('textbox'), 'Fin à 18h00');
    await userEvent.click(screen.getByRole('button', { name: m.signing_signButton() }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: m.signing_confirmButton() }));
    await screen.findByText(m.signing_sent(), undefined, { timeout: 10_000 });
    expect(missionBoxes()).toHaveLength(1);

    const [{ id: workerId }] = (await server.deps.db.query<{ id: string }>('SELECT id FROM workers WHERE email = $1', [worker.email])) as [{ id: string }];
    const evidence = await server.deps.db.query<Record<string, string>>(
      `SELECT mission_id, worker_id, comment, to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS requested_at,
              client_address, user_agent, contract_sha256, signature_value
         FROM signing_requests ORDER BY comment`,
    );
    const pdf = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(new TextDecoder().decode(pdf.slice(0, 4))).toBe('%PDF');
    const { json: signature } = await server.get('/api/user/me/signature', { token: user.token });
    const common = {
      worker_id: workerId,
      requested_at: '2026-05-12T14:03:00',
      client_address: ADDRESS,
      user_agent: navigator.userAgent,
      signature_value: signature.value,
    };
    expect(evidence).toEqual([
      { ...common, mission_id: missions[0]!.mission, comment: '', contract_sha256: createHash('sha256').update(pdf).digest('hex') },
      { ...common, mission_id: missions[2]!.mission, comment: 'Fin à 18h00', contract_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(evidence[1]!.contract_sha256).not.toBe(evidence[0]!.contract_sha256);
  });
});
