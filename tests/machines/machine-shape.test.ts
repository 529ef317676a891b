/**
 * The house rules for machine files (docs/conventions.md, Machines), so that each one imports into Stately Studio as it is
 * (docs/decisions/071-studio-shape-rules.md), in two layers:
 * - Stately's own parser (`@xstate/machine-extractor`, tests/machines/helpers/stately-parser.ts) reads every machine
 *   file with no warning, finds every action, guard, actor and delay named in setup(), every invoke with an id,
 *   every state with a description, and extracts the very chart XState runs;
 * - the TypeScript syntax tree (scripts/machine-docs/machine-source.ts) checks what the parser does not: imports,
 *   the exported `setup({...}).createMachine({...})`, literals only, and a JSDoc on every setup() entry.
 * Each rule has a bad sample below proving it fails. Run-time rules: placeholder actors and actions fail loudly; no
 * file of machines/ is longer than 250 lines (docs/decisions/229-machines-read-the-core.md).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateMachine, createActor, toPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { NOT_PROVIDED } from '../../machines/invokes.ts';
import { checkMachineSource } from '../../scripts/machine-docs/machine-source.ts';
import { copyMachines } from './helpers/machines-copy.ts';
import { parseWithStately, statelyProblems } from './helpers/stately-parser.ts';

const DIR = join(import.meta.dirname, '../../machines');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
const machineFiles = files.filter((f) => f.endsWith('.machine.ts'));
const camel = (flow: string) => flow.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const copy = copyMachines();
afterAll(() => copy.remove());

/** A small machine file that keeps every rule; each bad sample changes one thing of it. */
const GOOD = `
import { assign, fromPromise, not, raise, setup } from 'xstate';
import { EMPTY_INFO } from './session.types.ts';
const more = { tags: ['extra'] };
const C = 'c';
const FIRST = 'a';
export const sampleMachine = setup({
  actors: {
    /** Loads the thing. */
    load: fromPromise(async () => { throw new Error('not provided: load'); }),
  },
  actions: {
    /** Keeps the thing. */
    keep: assign({ n: (_, params: { n: number }) => params.n }),
    /** Drops the thing. */
    drop: assign({ n: 0 }),
  },
  guards: {
    /** Whether the thing is there. */
    isThere: () => true,
  },
  delays: {
    /** How long a notice stays. */
    noticeTime: 5000,
  },
}).createMachine({
  id: 'sample',
  description: 'A sample.',
  context: ({ input }) => ({ n: input?.n ?? 0 }),
  initial: 'a',
  states: {
    a: {
      description: 'A.',
      invoke: { id: 'load', src: 'load', input: ({ context }) => ({ n: context.n }), onDone: { target: 'b', actions: { type: 'keep', params: { n: 1 } } } },
    },
    b: {
      description: 'B.',
      after: { noticeTime: 'c' },
      on: { go: [{ guard: 'isThere', target: '#sample.c', actions: ['keep'] }, { target: 'a', actions: 'drop' }] },
    },
    c: { type: 'final', description: 'C.', entry: 'drop' },
  },
});
`;
const SIBLINGS = files;
/** The syntax-tree rules alone (a sample that cannot even be loaded, e.g. a bad import). */
const checkSource = (source: string) => checkMachineSource(source, { siblings: SIBLINGS, exportName: 'sampleMachine' });
/** Both layers: the syntax-tree rules, then Stately's parser against the machine the sample builds. */
async function check(source: string): Promise<string[]> {
  const { sampleMachine } = await copy.load<{ sampleMachine?: AnyStateMachine }>('sample', source);
  return [...checkSource(source), ...(sampleMachine ? statelyProblems(source, sampleMachine) : ['(the sample exports no sampleMachine)'])];
}
/** The sample with one substring replaced (the replacement must happen, or the sample would prove nothing). */
function changed(from: string, to: string): string {
  expect(GOOD).toContain(from);
  return GOOD.replace(from, to);
}
const bad = (from: string, to: string) => check(changed(from, to));

describe("Stately's parser itself", () => {
  it('reads the good sample as the machine it builds, with no problem', async () => {
    expect(await check(GOOD)).toEqual([]);
  });

  it('warns about a params function, which it cannot keep (the action loses what it is given)', async () => {
    expect(parseWithStately(changed('params: { n: 1 }', 'params: ({ event }) => ({ n: event.output })')).warnings).toEqual([
      'Unsupported property value of type ArrowFunctionExpression in assignment (key "params")',
    ]);
  });
});

describe('the rules of the parser layer', () => {
  it('parser: no warning (a params function), and the chart keeps what the machine is given', async () => {
    expect(await bad('params: { n: 1 }', 'params: ({ event }) => ({ n: event.output })')).toEqual([
      'parser: Unsupported property value of type ArrowFunctionExpression in assignment (key "params")',
      'chart: the parser sees on a xstate.done.actor.load#0 → sample.b / keep',
      'chart: XState runs on a xstate.done.actor.load#0 → sample.b / keep(ƒ params)',
    ]);
  });

  it('chart: what the parser silently drops (a concatenated target) is a difference with XState', async () => {
    expect(await bad("{ target: 'a', actions: 'drop' }", "{ target: 'a' + '', actions: 'drop' }")).toEqual([
      'literal: (machine).states.b.on.go[1].target is an expression (BinaryExpression), not a literal',
      'chart: the parser sees on b go#1 → (stays) / drop',
      'chart: XState runs on b go#1 → sample.a / drop',
    ]);
  });

  it('inline: no function, assign/raise call or guard combinator where a name belongs', async () => {
    expect(await bad("entry: 'drop'", 'entry: () => {}')).toEqual([
      'inline: c.entry[0] has an inline action (name it in setup())',
      'chart: the parser sees entry c: ƒ inline',
      'chart: XState runs entry c: ƒ entry',
    ]);
    expect(await bad("actions: ['keep']", "actions: [assign({ n: 1 }), raise({ type: 'go' })]")).toEqual([
      'inline: b.on.go[0].actions[0] has an inline action (name it in setup())',
      'inline: b.on.go[0].actions[1] has an inline action (name it in setup())',
      'chart: the parser sees on b go#0 [isThere] → sample.c / ƒ builtin, ƒ builtin',
      'chart: XState runs on b go#0 [isThere] → sample.c / ƒ assign, ƒ raise',
    ]);
    expect(await bad("guard: 'isThere'", "guard: not('isThere')")).toEqual([
      'inline: b.on.go[0].guard has an inline guard (name it in setup())',
      'chart: the parser sees on b go#0 [ƒ inline] → sample.c / keep',
      'chart: XState runs on b go#0 [ƒ not] → sample.c / keep',
    ]);
  });

  it('named: every referenced action, guard, actor and delay is in setup()', async () => {
    expect(await bad("entry: 'drop'", "entry: 'dropped'")).toEqual(['named: c.entry[0] "dropped" is not one of setup()\'s actions']);
    expect(await bad("guard: 'isThere'", "guard: { type: 'isHere' }")).toEqual(['named: b.on.go[0].guard "isHere" is not one of setup()\'s guards']);
    expect(await bad("src: 'load'", "src: 'fetch'")).toEqual(['named: a.invoke.src "fetch" is not one of setup()\'s actors']);
    expect(await bad("after: { noticeTime: 'c' }", "after: { longTime: 'c' }")).toEqual(['named: b.after.longTime is not a delay of setup()']);
  });

  it('delay: a numeric delay is refused (docs/conventions.md: every delay is named)', async () => {
    expect(await bad("after: { noticeTime: 'c' }", "after: { 5000: 'c' }")).toEqual(['delay: b.after.5000 is an unnamed delay (name it in setup({ delays }))']);
  });

  it('invoke-id: every invoke has an id', async () => {
    expect(await bad("invoke: { id: 'load', src", 'invoke: { src')).toContain('invoke-id: a.invoke has no literal id');
  });

  it('description: every state, the machine included, has one the parser reads', async () => {
    expect(await bad("b: {\n      description: 'B.',", 'b: {')).toEqual(['description: b has no literal description']);
    expect(await bad("description: 'A sample.',", "description: 'A ' + 'sample.',")).toEqual([
      'literal: (machine).description is an expression (BinaryExpression), not a literal',
      'description: (machine) has no literal description',
      'chart: XState runs description (machine): A sample.',
    ]);
  });

  it('shape: one machine the parser finds, with a literal id', async () => {
    expect(await check(changed("  id: 'sample',\n", '').replace('#sample.c', 'c'))).toEqual(['shape: (machine) has no literal id']);
  });
});

describe('the rules of the syntax-tree layer', () => {
  it('imports: only xstate, sibling machine files and domain', () => {
    expect(
      checkSource(
        changed(
          "import { EMPTY_INFO } from './session.types.ts';",
          "import { x } from '../src/api/client.ts';\nimport React from 'react';\nexport { y } from './session.types.ts';\nconst z = await import('./nope.ts');\nimport { w } from '#domain/sub/deep.ts';",
        ),
      ),
    ).toEqual(['imports: ../src/api/client.ts', 'imports: react', 'imports: ./nope.ts', 'imports: #domain/sub/deep.ts']);
    expect(
      checkSource(
        changed(
          "import { EMPTY_INFO } from './session.types.ts';",
          "import { EMPTY_INFO } from './session.types.ts';\nimport { x } from '#domain/constants.ts';",
        ),
      ),
    ).toEqual([]);
    expect(checkSource(changed("from 'xstate';", "from 'xstate/graph';"))).toEqual(['imports: xstate/graph']);
  });

  it('shape: one setup().createMachine() with one literal config object, exported under the flow name', () => {
    expect(checkSource(changed('}).createMachine({', '}).createMachine(config, {')).join()).toMatch(/^shape:/);
    expect(checkSource(changed('export const sampleMachine', 'export const otherMachine'))).toEqual([
      'shape: no "export const sampleMachine = setup({...}).createMachine({...})"',
    ]);
  });

  it('literal: no spread, computed key, variable or template string, even where the parser would resolve it', async () => {
    expect(await bad("b: {\n      description: 'B.',", "b: {\n      description: 'B.',\n      ...more,")).toEqual([
      'literal: (machine).states.b has a spread ...more',
    ]);
    expect(await bad("initial: 'a',", 'initial: FIRST,')).toEqual(['literal: (machine).initial is the variable FIRST']);
    expect(await bad("c: { type: 'final'", "[C]: { type: 'final'")).toEqual(['literal: (machine).states has a computed key [C]']);
    expect(await bad("{ target: 'a', actions: 'drop' }", "{ target: `a`, actions: 'drop' }")).toEqual([
      'literal: (machine).states.b.on.go[1].target is a template string',
    ]);
    expect(checkSource(changed("{ target: 'a', actions: 'drop' }", "{ target, actions: 'drop' }"))).toEqual([
      'literal: (machine).states.b.on.go[1].target is a variable',
    ]);
  });

  it('setup-doc: every action, guard, actor and delay of setup() has a /** description */', () => {
    expect(checkSource(changed('/** Whether the thing is there. */', '// Whether the thing is there.'))).toEqual([
      'setup-doc: guards.isThere has no /** description */',
    ]);
  });
});

describe.each(machineFiles)('%s', (file) => {
  const name = `${camel(file.replace(/\.machine\.ts$/, ''))}Machine`;
  const source = readFileSync(join(DIR, file), 'utf8');
  const load = async () => ((await import(/* @vite-ignore */ `../../machines/${file}`)) as Record<string, AnyStateMachine>)[name]!;

  it("is read by Stately's parser with no warning, as the very chart XState runs", async () => {
    expect(statelyProblems(source, await load())).toEqual([]);
  });

  it('keeps the syntax rules the parser does not check (imports, export, literals, setup() JSDoc)', () => {
    expect(checkMachineSource(source, { siblings: files, exportName: name })).toEqual([]);
  });

  it('has placeholder actors that fail loudly until provided (the machines it runs as children apart)', async () => {
    const actors = (await load()).implementations.actors as Record<string, AnyActorLogic>;
    expect(Object.keys(actors).length).toBeGreaterThan(0);
    for (const [src, logic] of Object.entries(actors)) {
      if (logic instanceof StateMachine) continue;
      await expect(toPromise(createActor(logic, { input: {} }).start())).rejects.toThrow(`not provided: ${src}`);
    }
  });

  it('has placeholder actions that fail loudly until provided, none that silently does nothing', async () => {
    type Action = ((args: unknown, params: unknown) => void) & { [NOT_PROVIDED]?: string };
    const actions = (await load()).implementations.actions as Record<string, Action>;
    for (const [name, action] of Object.entries(actions)) {
      if (!action[NOT_PROVIDED]) continue;
      expect(() => action({}, {})).toThrow(`not provided: ${name}`);
    }
    // A function that does nothing is no implementation: the app's must be asked for by name.
    expect(source).not.toMatch(/:\s*\([^)]*\)\s*=>\s*\{\s*\}/);
  });
});

describe('every machines/ file', () => {
  it.each(files)('%s has at most 250 lines', (file) => {
    expect(readFileSync(join(DIR, file), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('the other machines/ files', () => {
  it.each(files.filter((f) => !f.endsWith('.machine.ts')))('%s imports only xstate, sibling machine files and domain', (file) => {
    const problems = checkMachineSource(readFileSync(join(DIR, file), 'utf8'), { siblings: files });
    expect(problems.filter((p) => p.startsWith('imports:'))).toEqual([]);
  });
});
