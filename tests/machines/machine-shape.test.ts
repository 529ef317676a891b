/**
 * The house rules of DESIGN.md §3 for machine files (a first version; issue 8 extends it):
 * - a file in machines/ imports only `xstate` and sibling machine files;
 * - each `<flow>.machine.ts` exports `<flow>Machine = setup({...}).createMachine({...})`, one config object;
 * - every state has a description; the machine and every invoke have an explicit id; invoke sources are named;
 * - no inline action or guard in the config (named in setup and referenced by string or { type, params });
 * - every actor of setup() is a placeholder that fails with "not provided: <name>".
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, toPromise, type AnyActorLogic, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';

const DIR = join(import.meta.dirname, '../../machines');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
const machineFiles = files.filter((f) => f.endsWith('.machine.ts'));

/** Every module specifier a file imports or re-exports (static, dynamic, require). */
function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\bimport\s[^'"]*?from\s*['"]([^'"]+)['"]/g, /\bexport\s[^'"]*?from\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]/g, /\brequire\s*\(\s*['"]([^'"]+)['"]/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

function forbiddenImports(source: string, siblings: readonly string[]): string[] {
  return importsOf(source).filter((spec) => !(spec === 'xstate' || (spec.startsWith('./') && !spec.slice(2).includes('/') && siblings.includes(spec.slice(2)))));
}

const camel = (flow: string) => flow.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function nodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

function statesWithoutDescription(machine: AnyStateMachine): string[] {
  return nodesOf(machine)
    .filter((n) => typeof n.description !== 'string' || n.description.trim().length === 0)
    .map((n) => n.id);
}

/** The invoke configs as written (the definitions carry generated ids when none was given). */
function invokeConfigs(node: AnyStateNode): Array<{ id?: unknown; src?: unknown }> {
  const invoke = (node.config as { invoke?: unknown }).invoke;
  return invoke === undefined ? [] : ([invoke].flat() as Array<{ id?: unknown; src?: unknown }>);
}

/** Actions or guards written as functions in the config instead of being named in setup(). */
function inlineImplementations(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  const isInline = (x: unknown) => typeof x === 'function' && !('check' in (x as object));
  for (const node of nodesOf(machine)) {
    const config = node.config as Record<string, unknown>;
    for (const hook of ['entry', 'exit'] as const) for (const a of [config[hook]].flat()) if (typeof a === 'function') found.push(`${node.id} ${hook}`);
    for (const transitions of node.transitions.values())
      for (const t of transitions) {
        if (isInline(t.guard)) found.push(`${node.id} ${t.eventType} guard`);
        for (const a of t.actions) if (typeof a === 'function') found.push(`${node.id} ${t.eventType} action`);
      }
    for (const invoke of invokeConfigs(node)) if (typeof invoke.src !== 'string') found.push(`${node.id} invoke src`);
  }
  return found;
}

describe('machine files: imports', () => {
  it.each(files)('%s imports only xstate and sibling machine files', (file) => {
    expect(forbiddenImports(readFileSync(join(DIR, file), 'utf8'), files)).toEqual([]);
  });

  it('the import check itself catches a file that reaches into src/ or a package', () => {
    const source = ["import { x } from '../src/domain/constants.ts';", "import React from 'react';", "export { y } from './session.machine.ts';", "const z = await import('./nope.ts');"].join('\n');
    expect(forbiddenImports(source, ['session.machine.ts'])).toEqual(['../src/domain/constants.ts', 'react', './nope.ts']);
  });
});

describe('the shape checks themselves', () => {
  it('catch a state without description and inline actions and guards', () => {
    const sloppy = createMachine({
      id: 'sloppy',
      description: 'A machine breaking the rules.',
      initial: 'a',
      states: {
        a: { on: { go: { target: 'b', guard: () => true, actions: () => {} } } },
        b: { description: 'Fine.', entry: () => {} },
      },
    });
    expect(statesWithoutDescription(sloppy)).toEqual(['sloppy.a']);
    expect(inlineImplementations(sloppy)).toEqual(['sloppy.a go guard', 'sloppy.a go action', 'sloppy.b entry']);
  });
});

describe.each(machineFiles)('%s', (file) => {
  const flow = file.replace(/\.machine\.ts$/, '');
  const name = `${camel(flow)}Machine`;
  const source = readFileSync(join(DIR, file), 'utf8');

  it(`exports ${name} = setup({...}).createMachine({...}) with one config object`, async () => {
    expect(source).toMatch(new RegExp(`export const ${name} = setup\\(\\{`));
    expect(source.match(/\.createMachine\(\{/g)).toHaveLength(1);
    const config = source.slice(source.indexOf('.createMachine({'));
    expect(config).not.toMatch(/\.\.\.[A-Za-z_]/); // no spreads in the config
    const module = (await import(`../../machines/${file}`)) as Record<string, unknown>;
    expect((module[name] as AnyStateMachine | undefined)?.root).toBeDefined();
  });

  it('has an id, a description on every state, explicit invoke ids and named sources', async () => {
    const machine = ((await import(`../../machines/${file}`)) as Record<string, AnyStateMachine>)[name]!;
    expect(machine.config.id).toBe(machine.id);
    expect(statesWithoutDescription(machine)).toEqual([]);
    const invokes = nodesOf(machine).flatMap((n) => invokeConfigs(n).map((config) => ({ node: n.id, config })));
    expect(invokes.filter((i) => typeof i.config.id !== 'string').map((i) => i.node)).toEqual([]);
    expect(inlineImplementations(machine)).toEqual([]);
  });

  it('has placeholder actors that fail loudly until provided', async () => {
    const machine = ((await import(`../../machines/${file}`)) as Record<string, AnyStateMachine>)[name]!;
    const actors = machine.implementations.actors as Record<string, AnyActorLogic>;
    expect(Object.keys(actors).length).toBeGreaterThan(0);
    for (const [src, logic] of Object.entries(actors)) {
      await expect(toPromise(createActor(logic, { input: {} }).start())).rejects.toThrow(`not provided: ${src}`);
    }
  });
});
