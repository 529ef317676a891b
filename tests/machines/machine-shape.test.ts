/**
 * The house rules of DESIGN.md §3 for machine files, so that each one imports into Stately Studio as it is
 * (docs/decisions/071-studio-shape-rules.md). The source rules live in scripts/machine-docs/machine-source.ts (TypeScript
 * syntax tree); each has a bad sample below proving it fails. Run-time rules: placeholder actors fail loudly.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { checkMachineSource } from '../../scripts/machine-docs/machine-source.ts';

const DIR = join(import.meta.dirname, '../../machines');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
const machineFiles = files.filter((f) => f.endsWith('.machine.ts'));
const camel = (flow: string) => flow.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A small machine file that keeps every rule; each bad sample changes one thing of it. */
const GOOD = `
import { assign, fromPromise, setup } from 'xstate';
import { helper } from './session.machine.ts';
export const sampleMachine = setup({
  actors: {
    /** Loads the thing. */
    load: fromPromise(async () => { throw new Error('not provided: load'); }),
  },
  actions: {
    /** Keeps the thing. */
    keep: assign({ n: (_, params: { n: number }) => params.n }),
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
  context: ({ input }) => ({ n: input.n }),
  initial: 'a',
  states: {
    a: {
      description: 'A.',
      invoke: { id: 'load', src: 'load', input: ({ context }) => ({ n: context.n }), onDone: { target: 'b', actions: { type: 'keep', params: ({ event }) => ({ n: event.output }) } } },
    },
    b: {
      description: 'B.',
      after: { noticeTime: 'c' },
      on: { go: [{ guard: 'isThere', target: '#sample.c', actions: ['keep'] }, { target: 'a' }] },
    },
    c: { type: 'final', description: 'C.', entry: 'keep' },
  },
});
`;
const check = (source: string) => checkMachineSource(source, { siblings: ['session.machine.ts'], exportName: 'sampleMachine' });
/** The sample with one substring replaced (the replacement must happen, or the sample would prove nothing). */
function bad(from: string, to: string): string[] {
  expect(GOOD).toContain(from);
  return check(GOOD.replace(from, to));
}

describe('the source rules themselves', () => {
  it('accept the good sample', () => {
    expect(check(GOOD)).toEqual([]);
  });

  it('imports: only xstate and sibling machine files', () => {
    expect(bad("import { helper } from './session.machine.ts';", "import { x } from '../src/domain/constants.ts';\nimport React from 'react';\nexport { y } from './session.machine.ts';\nconst z = await import('./nope.ts');")).toEqual([
      'imports: ../src/domain/constants.ts',
      'imports: react',
      'imports: ./nope.ts',
    ]);
    expect(bad("from 'xstate';", "from 'xstate/graph';")).toEqual(['imports: xstate/graph']);
  });

  it('shape: one setup().createMachine() with one literal config object, exported under the flow name', () => {
    expect(bad('}).createMachine({', '}).createMachine(config, {').join()).toMatch(/^shape:/);
    expect(bad('export const sampleMachine', 'export const otherMachine')).toEqual(['shape: no "export const sampleMachine = setup({...}).createMachine({...})"']);
    expect(bad("  id: 'sample',\n", '')).toContain('shape: (machine) has no literal id');
  });

  it('literal: no spread, computed key, variable or template string', () => {
    expect(bad("initial: 'a',", "initial: 'a', ...more,")).toEqual(['literal: (machine) has a spread ...more']);
    expect(bad("c: { type: 'final'", "[C]: { type: 'final'")).toEqual(['literal: (machine).states has a computed key [C]']);
    expect(bad("initial: 'a',", 'initial: FIRST,')).toEqual(['literal: (machine).initial is the variable FIRST']);
    expect(bad("{ target: 'a' }", '{ target: `a` }')).toEqual(['literal: b.on.go[1].target is a template string']);
    expect(bad("{ target: 'a' }", '{ target }')).toEqual(['literal: b.on.go[1].target is a variable']);
    expect(bad("{ target: 'a' }", "{ target: 'a' + '' }")).toEqual(['literal: b.on.go[1].target is an expression (BinaryExpression), not a literal']);
  });

  it('inline: no function, assign/raise/sendTo call or guard function in the config', () => {
    expect(bad("entry: 'keep'", 'entry: () => {}')).toEqual(['inline: c.entry is an inline function (name it in setup())']);
    expect(bad("actions: ['keep']", "actions: [assign({ n: 1 }), raise({ type: 'x' })]")).toEqual([
      'inline: b.on.go[0].actions[0] calls assign(...) in the config (name it in setup())',
      'inline: b.on.go[0].actions[1] calls raise(...) in the config (name it in setup())',
    ]);
    expect(bad("guard: 'isThere'", 'guard: ({ context }) => context.n > 0')).toEqual(['inline: b.on.go[0].guard is an inline function (name it in setup())']);
    expect(bad("guard: 'isThere'", "guard: not('isThere')")).toEqual(['inline: b.on.go[0].guard calls not(...) in the config (name it in setup())']);
    expect(bad("src: 'load'", 'src: fromPromise(async () => 1)')).toEqual(['inline: a.invoke.src calls fromPromise(...) in the config (name it in setup())']);
    expect(bad("entry: 'keep'", 'entry() {}')).toEqual(['inline: c.entry is an inline function']);
  });

  it('named: every referenced action, guard, actor and delay is in setup()', () => {
    expect(bad("entry: 'keep'", "entry: 'kept'")).toEqual(['named: c.entry "kept" is not one of setup()\'s actions']);
    expect(bad("{ type: 'keep', params", "{ type: 'keeps', params")).toEqual(['named: a.invoke.onDone.actions.type "keeps" is not one of setup()\'s actions']);
    expect(bad("guard: 'isThere'", "guard: { type: 'isHere' }")).toEqual(['named: b.on.go[0].guard.type "isHere" is not one of setup()\'s guards']);
    expect(bad("src: 'load'", "src: 'fetch'")).toEqual(['named: a.invoke.src "fetch" is not one of setup()\'s actors']);
    expect(bad("after: { noticeTime: 'c' }", "after: { longTime: 'c' }")).toEqual(['named: b.after.longTime is not a delay of setup()']);
  });

  it('delay: a numeric delay in the config is refused (DESIGN.md §3 names every delay)', () => {
    expect(bad("after: { noticeTime: 'c' }", "after: { 5000: 'c' }")).toEqual(['delay: b.after.5000 is an unnamed delay (name it in setup({ delays }))']);
  });

  it('invoke-id: every invoke has a literal id', () => {
    expect(bad("invoke: { id: 'load', src", 'invoke: { src')).toEqual(['invoke-id: a.invoke has no literal id']);
    expect(bad("invoke: { id: 'load', src: 'load'", "invoke: [{ id: 'load', src: 'load' }, { src: 'load'")).toEqual(['invoke-id: a.invoke[1] has no literal id']);
  });

  it('description: every state, the machine included, has a literal description', () => {
    expect(bad("b: {\n      description: 'B.',", 'b: {')).toEqual(['description: b has no literal description']);
    expect(bad("description: 'A sample.',", "description: 'A ' + 'sample.',")).toEqual(['description: (machine) has no literal description']);
  });

  it('setup-doc: every action, guard, actor and delay of setup() has a /** description */', () => {
    expect(bad('/** Whether the thing is there. */', '// Whether the thing is there.')).toEqual(['setup-doc: guards.isThere has no /** description */']);
  });
});

describe.each(machineFiles)('%s', (file) => {
  const name = `${camel(file.replace(/\.machine\.ts$/, ''))}Machine`;

  it('keeps every source rule of DESIGN.md §3 (Studio-importable)', () => {
    expect(checkMachineSource(readFileSync(join(DIR, file), 'utf8'), { siblings: files, exportName: name })).toEqual([]);
  });

  it('has placeholder actors that fail loudly until provided', async () => {
    const machine = ((await import(/* @vite-ignore */ `../../machines/${file}`)) as Record<string, AnyStateMachine>)[name]!;
    const actors = machine.implementations.actors as Record<string, AnyActorLogic>;
    expect(Object.keys(actors).length).toBeGreaterThan(0);
    for (const [src, logic] of Object.entries(actors)) {
      await expect(toPromise(createActor(logic, { input: {} }).start())).rejects.toThrow(`not provided: ${src}`);
    }
  });
});

describe('the other machines/ files', () => {
  it.each(files.filter((f) => !f.endsWith('.machine.ts')))('%s imports only xstate and sibling machine files', (file) => {
    const problems = checkMachineSource(readFileSync(join(DIR, file), 'utf8'), { siblings: files });
    expect(problems.filter((p) => p.startsWith('imports:'))).toEqual([]);
  });
});
