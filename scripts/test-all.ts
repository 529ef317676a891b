/**
 * `npm test`: every layer, in order, stopping at the first failure, then one line of counts per layer.
 *   1. generated files are fresh (messages compiled; domain/api-schema.ts matches openapi.yaml — checked in vitest)
 *   2. type check, lint and the production build, side by side (each is one process that leaves a core idle)
 *   3. vitest (unit, machine paths, components, server, contract)
 *   3b. with TEST_DATABASE_URL set (.ci/run sets it): the server suite on PostgreSQL, with the reliability tests that
 *       need PostgreSQL (tests/reliability/*.pg.test.ts: a database outage, a drain, a rolling restart); the PGlite run
 *       of step 3 then keeps only the server files where the two stores differ (lib/server-pg-files.ts)
 *   4. size budget       5. Playwright against the build served by the reference server
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { SERVER_FILES_ON_BOTH, SERVER_PG_FILES } from './lib/server-pg-files.ts';

type Layer = {
  name: string;
  command: string;
  args: string[];
  count?: (output: string) => string;
  /** For test runners: how many tests passed and failed, added up into the closing line CI reads. */
  tally?: (output: string) => { passed: number; failed: number };
  env?: NodeJS.ProcessEnv;
};

/** TEST_DATABASE_URL (postgres://…) adds a second run of the server suite on PostgreSQL; every other layer runs on PGlite. */
const postgresUrl = process.env.TEST_DATABASE_URL;
const withoutPostgres: NodeJS.ProcessEnv = { ...process.env };
delete withoutPostgres.TEST_DATABASE_URL;

const vitestCount = (out: string) => {
  const files = lastMatch(out, /Test Files\s+(.+?)\s*\(/g)?.[1];
  const tests = lastMatch(out, /Tests\s+(.+?)\s*\(/g)?.[1];
  return `${tests ?? '?'} tests in ${files ?? '?'} files`;
};

/**
 * With the PostgreSQL run to follow, the PGlite run leaves out the server files that run there and need not run twice
 * (docs/decisions/280-server-suite-once-on-ci.md).
 */
const serverFiles = readdirSync('tests/server')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/server/${name}`);
const misnamed = SERVER_FILES_ON_BOTH.filter((file) => !serverFiles.includes(file));
if (misnamed.length) throw new Error(`lib/server-pg-files.ts names server files that do not exist: ${misnamed.join(', ')}`);
const onPostgresOnly = postgresUrl ? serverFiles.filter((file) => !SERVER_FILES_ON_BOTH.includes(file)) : [];

const lastMatch = (output: string, re: RegExp) => [...output.matchAll(re)].at(-1);

/** The number before `word` in the runner's last summary line that has one (0 when none: vitest omits "0 failed"). */
const countOf = (line: string | undefined, word: string) => Number(line?.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);

const vitestTally = (out: string) => {
  const line = lastMatch(out, /^\s*Tests\s+.*$/gm)?.[0];
  return { passed: countOf(line, 'passed'), failed: countOf(line, 'failed') };
};

/** Playwright prints one summary line per outcome; a flaky test passed on its retry. */
const playwrightTally = (out: string) => {
  const last = (word: string) => countOf(lastMatch(out, new RegExp(`^\\s*\\d+ ${word}\\b.*$`, 'gm'))?.[0], word);
  return { passed: last('passed') + last('flaky'), failed: last('failed') };
};

/** In order; the layers of an inner list run side by side (their output is printed once all have ended). */
const layers: Array<Layer | Layer[]> = [
  { name: 'messages', command: 'npm', args: ['run', '--silent', 'gen:i18n'] },
  {
    name: 'typecheck',
    command: 'npx',
    args: ['tsc', '-p', 'tsconfig.json', '--noEmit', '--listFilesOnly'],
    count: (out) => `${out.split('\n').filter((l) => l.startsWith(process.cwd()) && !l.includes('node_modules')).length} project files`,
  },
  [
    { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'], count: () => '0 errors' },
    // The server and the core again, without the browser's types (a DOM type in server code fails here only).
    { name: 'typecheck-server', command: 'npx', args: ['tsc', '-p', 'tsconfig.server.json', '--noEmit'], count: () => '0 errors' },
    // The service worker with a worker's globals, without the page's (docs/decisions/240-service-worker.md).
    { name: 'typecheck-sw', command: 'npx', args: ['tsc', '-p', 'tsconfig.sw.json', '--noEmit'], count: () => '0 errors' },
    {
      name: 'lint',
      command: 'npm',
      args: ['run', '--silent', 'lint'],
      count: (out) => lastMatch(out, /linted (\d+ files?, 0 problems)/g)?.[1] ?? '0 problems',
    },
    { name: 'build', command: 'npx', args: ['vite', 'build'], count: () => 'dist/ built' },
  ],
  {
    name: 'vitest',
    command: 'npx',
    args: ['vitest', 'run', ...onPostgresOnly.flatMap((file) => ['--exclude', file])],
    env: withoutPostgres,
    count: vitestCount,
    tally: vitestTally,
  },
  ...(postgresUrl
    ? [
        {
          name: 'server-pg',
          command: 'npx',
          args: ['vitest', 'run', ...SERVER_PG_FILES],
          count: (out: string) => `${vitestCount(out)} on PostgreSQL`,
          tally: vitestTally,
        },
      ]
    : []),
  { name: 'size', command: 'npm', args: ['run', '--silent', 'size'], count: (out) => lastMatch(out, /^(budget: .*)$/gm)?.[1] ?? 'within budget' },
  {
    name: 'playwright',
    command: 'npx',
    args: ['playwright', 'test'],
    count: (out) => {
      const parts = ['passed', 'flaky', 'skipped', 'failed'].map((k) => lastMatch(out, new RegExp(`(\\d+) ${k}`, 'g'))?.[0]).filter(Boolean);
      return parts.join(', ');
    },
    tally: playwrightTally,
  },
];

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const quiet = (layer: Layer) => layer.args.includes('--listFilesOnly');
const heading = (layer: Layer) => `\n━━ ${layer.name}: ${layer.command} ${layer.args.join(' ')}`;

/** `live`: its output goes to the terminal as it comes; otherwise it is only returned. */
function run(layer: Layer, live: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(layer.command, layer.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...(layer.env ?? process.env), FORCE_COLOR: '0' } });
    const take = (chunk: Buffer, to: NodeJS.WriteStream) => {
      const text = chunk.toString();
      output += text.replace(ansi, '');
      if (live && !quiet(layer)) to.write(text);
    };
    child.stdout.on('data', (c: Buffer) => take(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => take(c, process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const summary: string[] = [];
const total = { passed: 0, failed: 0 };
/** The plain closing line CI reads ('N passed, N failed'), summed over every test runner that ran. */
const closingLine = () => `tests: ${total.passed} passed, ${total.failed} failed`;
const started = Date.now();
for (const stage of layers) {
  const group = Array.isArray(stage) ? stage : [stage];
  const t0 = Date.now();
  if (group.length === 1 && !quiet(group[0]!)) console.log(heading(group[0]!));
  const results = await Promise.all(group.map((layer) => run(layer, group.length === 1)));
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  for (const [i, layer] of group.entries()) {
    const { code, output } = results[i]!;
    if (group.length > 1) console.log(`${heading(layer)}\n${output}`);
    const tally = layer.tally?.(output);
    if (tally) {
      total.passed += tally.passed;
      total.failed += tally.failed;
    }
    if (code !== 0) {
      console.error(`\n✗ ${layer.name} failed (exit ${code}) after ${seconds}s`);
      console.log(summary.join('\n'));
      // A layer that failed without a counted failing test (type errors, a build) still counts as one failure.
      if (total.failed === 0) total.failed = 1;
      console.log(closingLine());
      process.exit(code);
    }
    if (layer.count) summary.push(`✓ ${layer.name.padEnd(10)} ${layer.count(output).padEnd(48)} ${seconds}s${group.length > 1 ? ' (side by side)' : ''}`);
  }
}
console.log(`\n━━ npm test: every layer passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(summary.join('\n'));
console.log(closingLine());
