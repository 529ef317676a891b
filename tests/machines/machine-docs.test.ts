/**
 * docs/machines/ is generated from the machines (docs/decisions/070-machine-docs-generation.md): this test renders
 * it in memory and fails when a committed page is stale, and checks the structure of every Mermaid chart. The
 * Mermaid parser itself runs in machine-docs-mermaid.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, ROOT, renderMachineDocs } from '../../scripts/machine-docs/render.ts';
import { mermaidProblems } from '../../scripts/machine-docs/mermaid-check.ts';
import { toMermaid } from '../../scripts/machine-docs/mermaid.ts';
import { testPathsSection } from '../../scripts/machine-docs/test-paths.ts';
import { ALL_MODELS } from './fixtures/models.ts';
import { sampleMachine } from './helpers/sample-machine.ts';

const rendered = await renderMachineDocs();
const STALE = 'docs/machines/ is stale: run `npm run machines:docs` and commit the result';

describe('docs/machines/', () => {
  it.each([...rendered.keys()])('%s is up to date', (path) => {
    const file = join(ROOT, path);
    expect(existsSync(file), `${path} is missing: ${STALE}`).toBe(true);
    expect(readFileSync(file, 'utf8'), STALE).toBe(rendered.get(path));
  });

  it('holds no page of a machine that no longer exists', () => {
    const committed = readdirSync(join(ROOT, DOCS_DIR)).map((name) => `${DOCS_DIR}/${name}`);
    expect(
      committed.filter((path) => !rendered.has(path)),
      STALE,
    ).toEqual([]);
  });

  it('has one page per machine file, linked from the index', () => {
    const machines = readdirSync(join(ROOT, 'machines')).filter((f) => f.endsWith('.machine.ts'));
    expect(rendered.size).toBe(machines.length + 1);
    for (const file of machines) expect(rendered.get(`${DOCS_DIR}/README.md`)).toContain(`](${file.replace('.machine.ts', '.md')})`);
  });

  it.each([...rendered].filter(([path]) => !path.endsWith('README.md')))('%s has a well-formed chart', (_path, text) => {
    const chart = /```mermaid\n([\s\S]*?)\n```/.exec(text)?.[1];
    expect(chart).toBeDefined();
    expect(mermaidProblems(chart!)).toEqual([]);
  });
});

describe('the test paths of each page', () => {
  const flows = readdirSync(join(ROOT, 'machines'))
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => f.replace('.machine.ts', ''));

  it('every machine has a registered test model (tests/machines/fixtures/models.ts)', () => {
    expect(Object.keys(ALL_MODELS).sort()).toEqual(flows.sort());
  });

  it.each(flows)('docs/machines/%s.md lists, in words, every path its path test walks', (flow) => {
    const page = readFileSync(join(ROOT, DOCS_DIR, `${flow}.md`), 'utf8');
    const section = page.slice(page.indexOf('## Test paths'));
    const walked = ALL_MODELS[flow]!.runs().flatMap((run) => run.paths);
    expect(page).toContain('## Test paths');
    // (A path may be its first state alone: an input that starts where it rests.)
    expect(section.match(/^\d+\. .+$/gm)).toHaveLength(walked.length);
    expect(section).toContain(`The ${walked.length} paths \`tests/machines/${flow}.paths.test.ts\` walks`);
  });

  it("goes stale when the tester's words change (so the freshness check above fails)", () => {
    const model = ALL_MODELS.registration!;
    const reworded = { ...model, expected: (model.expected as Array<{ says: unknown }>).map((row) => ({ ...row, says: 'something else' })) };
    const page = readFileSync(join(ROOT, DOCS_DIR, 'registration.md'), 'utf8');
    expect(page).toContain(testPathsSection('registration'));
    expect(page).not.toContain(testPathsSection('registration', { registration: reworded }));
  });
});

describe('the chart generator', () => {
  const chart = toMermaid(sampleMachine);

  it('draws composite and parallel states, initial and final arrows, guards, delays, always and done', () => {
    expect(mermaidProblems(chart)).toEqual([]);
    const lines = chart.split('\n').map((l) => l.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        '[*] --> editing_step',
        'state "editing-step" as editing_step {',
        'editing_step_idle --> editing_step_saving : next [ready]',
        'editing_step_saving --> editing_step_idle : after noticeTime',
        'state "both" as both {',
        '--',
        'both_left_a --> both_left_b : always [ready]',
        'both_left_b --> [*]',
        'both_right_c --> both_right_c : stay',
        'editing_step --> both : done',
        'both --> finished : onDone',
        'finished --> [*]',
      ]),
    );
  });
});

describe('the structural check itself', () => {
  it('catches bad ids, open blocks, undeclared states, stray region separators and labels that end a statement', () => {
    const bad = ['stateDiagram-v2', '  --', '  state "a" as a.b {', '    state "x" as x', '  a --> y : go; now', '  z --> [*]'].join('\n');
    expect(mermaidProblems(bad)).toEqual([
      'line 2: "--" (parallel regions) outside a composite state',
      'line 3: id "a.b" has characters Mermaid rejects',
      'line 5: the label has ";" or "#"',
      '1 block(s) left open',
      'line 5: "a" is not declared',
      'line 5: "y" is not declared',
      'line 6: "z" is not declared',
    ]);
    expect(mermaidProblems('graph TD\n  }')).toEqual(['the first line is not stateDiagram-v2', 'line 2: "}" closes no block']);
  });
});
