/**
 * The answer times of the calls that must not tell whether an account exists (§10): login with a wrong
 * password beside login with an unknown e-mail, and the password-reset request for a known beside an unknown
 * address. In process (the reference server's app on an in-memory PGlite, the production scrypt cost 2^15, a fresh
 * client address per call so no limit interferes), interleaved pairs (alternating which goes first), medians and
 * their ratio.
 * tests/server/account-enumeration.test.ts proves that the same work is done for both; this row shows the clock,
 * which is noisy on a shared machine and therefore not an assertion (docs/decisions/156-answer-before-the-mail.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';

export type AccountTiming = { name: string; known: number; unknown: number; pairs: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function accountTiming(pairs = 15): Promise<AccountTiming[]> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'portal-bench-uploads-'));
  const config: Config = {
    dataDir: null,
    uploadsDir,
    publicUrl: 'http://bench.test',
    backofficeToken: null,
    smtpUrl: null,
    mailFrom: 'Bench <bench@bench.test>',
    scryptLog2N: 15,
    trustProxy: 0,
    now: () => new Date(),
  };
  const runtime = await openRuntime(config);
  let calls = 0;
  const post = async (path: string, json: unknown) => {
    const address = `198.51.100.${(calls++ % 250) + 1}`;
    const res = await runtime.app.request(
      path,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) },
      { incoming: { socket: { remoteAddress: address } } },
    );
    await res.arrayBuffer();
    return res.status;
  };
  const timed = async (call: () => Promise<number>, expected: number) => {
    // The mail a reset composes after its answer must not slow the next call down (that is not its answer time).
    await runtime.deps.mailer.queued();
    const start = performance.now();
    const status = await call();
    const ms = performance.now() - start;
    if (status !== expected) throw new Error(`account timing: answered ${status}, expected ${expected}`);
    return ms;
  };
  try {
    const known: string[] = [];
    for (let i = 0; i <= pairs; i++) {
      const email = `bench-${i}-${Date.now().toString(36)}@bench.test`;
      if ((await post('/api/auth/register', { firstName: 'Bench', lastName: 'Worker', email, password: 'correct horse battery', language: 'fr' })) !== 204)
        throw new Error('account timing: registration failed');
      known.push(email);
    }
    let unknown = 0;
    const nobody = () => `nobody-${unknown++}-${Date.now().toString(36)}@bench.test`;
    const login = (username: string) => () => post('/api/auth/login', { username, password: 'not the password' });
    const reset = (email: string) => () => post('/api/auth/reset-password', { email });
    // Warm-up: the dummy hash of unknown accounts is made on first use; the first queries compile.
    await timed(login(nobody()), 401);
    await timed(reset(nobody()), 204);

    const rows: AccountTiming[] = [];
    for (const [name, call, status] of [
      ['login: wrong password / unknown e-mail', login, 401],
      ['password reset request: known / unknown address', reset, 204],
    ] as const) {
      const knownTimes: number[] = [];
      const unknownTimes: number[] = [];
      // Alternating which comes first (ABBA), so that what one call leaves behind does not always fall on the same side.
      for (const [i, email] of known.slice(1, pairs + 1).entries()) {
        const first = i % 2 === 0;
        if (first) knownTimes.push(await timed(call(email), status));
        unknownTimes.push(await timed(call(nobody()), status));
        if (!first) knownTimes.push(await timed(call(email), status));
      }
      rows.push({ name, known: median(knownTimes), unknown: median(unknownTimes), pairs });
    }
    return rows;
  } finally {
    await runtime.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

/** The report's section (appended to docs/benchmark.md by scripts/bench.ts). */
export function accountTimingSection(rows: AccountTiming[]): string {
  return [
    '## Account enumeration: answer times for a known and an unknown address',
    '',
    `In process (the server's app, in-memory PGlite, scrypt 2^15), ${rows[0]?.pairs ?? 0} interleaved pairs per call (alternating which goes first), medians. The same work is done for both (tests/server/account-enumeration.test.ts, structurally); a ratio far from 1× would be a timing oracle (decision 156).`,
    '',
    '| Call | Known | Unknown | Unknown / known |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.known.toFixed(1)} ms | ${r.unknown.toFixed(1)} ms | ${(r.unknown / r.known).toFixed(2)}× |`),
    '',
  ].join('\n');
}
