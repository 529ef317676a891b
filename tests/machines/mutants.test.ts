/**
 * The path tests fail when a transition goes elsewhere (docs/decisions/153-path-harness-checks-the-testers-expectations.md): the harness checks every step against the tester's
 * expectations in the fixture files, which the machine does not decide. Shown on COPIES of the machine files
 * (helpers/machines-copy.ts), never the real ones: each literal target of every machine is sent, one at a time, to
 * another state; the same model (fixtures, key, inputs) is built over the changed copy and its paths are walked
 * with the same harness and table. Every such mutant must fail at least one path.
 */
import { afterAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { keyOf, parseMachineSource } from '../../scripts/machine-docs/machine-source.ts';
import { ALL_MODELS, type MachineModel } from './fixtures/models.ts';
import { appActions, appActors, createHarness, executePath } from './helpers/harness.ts';
import { copyMachines } from './helpers/machines-copy.ts';
import { resolveTarget } from './helpers/stately-parser.ts';
import { transitionsTaken } from './helpers/transitions.ts';

const copy = copyMachines();
afterAll(() => copy.remove());

/** A literal target in a machine file: where it is, what it says, and the state whose transition it is. */
type Site = { start: number; end: number; text: string; source: string[]; where: string };

/** Every literal target of a config: `target: '…'`, and the short form of a transition (`onError: 'failed'`). */
function targetSites(file: string): Site[] {
  const { config } = parseMachineSource(copy.source(file));
  const sites: Site[] = [];
  const literal = (node: ts.Expression, source: string[], where: string) => {
    if (ts.isStringLiteral(node)) sites.push({ start: node.getStart(), end: node.getEnd(), text: node.text, source, where });
  };
  const transitions = (node: ts.Expression, source: string[], where: string) => {
    if (ts.isArrayLiteralExpression(node)) node.elements.forEach((element, i) => transitions(element, source, `${where}[${i}]`));
    else if (ts.isObjectLiteralExpression(node)) {
      const target = node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyOf(p) === 'target');
      if (target) literal(target.initializer, source, `${where}.target`);
    } else literal(node, source, where);
  };
  const state = (node: ts.ObjectLiteralExpression, path: string[]) => {
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = keyOf(property);
      const value = property.initializer;
      const where = `${path.join('.') || '(machine)'}.${key}`;
      if (key === 'states' && ts.isObjectLiteralExpression(value)) {
        for (const child of value.properties)
          if (ts.isPropertyAssignment(child) && ts.isObjectLiteralExpression(child.initializer)) state(child.initializer, [...path, keyOf(child)!]);
      } else if ((key === 'on' || key === 'after') && ts.isObjectLiteralExpression(value)) {
        for (const t of value.properties) if (ts.isPropertyAssignment(t)) transitions(t.initializer, path, `${where}.${keyOf(t)}`);
      } else if (key === 'always' || key === 'onDone') transitions(value, path, where);
      else if (key === 'invoke' && ts.isObjectLiteralExpression(value)) {
        for (const outcome of value.properties)
          if (ts.isPropertyAssignment(outcome) && ['onDone', 'onError'].includes(keyOf(outcome)!))
            transitions(outcome.initializer, path, `${where}.${keyOf(outcome)}`);
      }
    }
  };
  if (config) state(config, []);
  return sites;
}

const nodeAt = (machine: AnyStateMachine, path: string[]) => path.reduce<AnyStateNode>((node, key) => node.states[key]!, machine.root);
const allNodes = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states).flatMap((child) => [child, ...allNodes(child)]);
const related = (a: AnyStateNode, b: AnyStateNode) => a.id === b.id || a.id.startsWith(`${b.id}.`) || b.id.startsWith(`${a.id}.`);

/** Another state for the transition: a sibling of its target if there is one, else any state apart from it. */
function elsewhere(machine: AnyStateMachine, site: Site): string {
  const source = nodeAt(machine, site.source);
  const original = machine.getStateNodeById(resolveTarget(machine, source, site.text));
  const candidates = allNodes(machine.root).filter((node) => !related(node, original) && node.id !== source.id && !node.always?.length);
  const sibling = candidates.find((node) => node.parent === original.parent);
  return `#${(sibling ?? candidates[0]!).id}`;
}

/**
 * Walks the model's paths over `machine` with the tester's table: the first failure, or null when all pass. The paths
 * that take a transition to `to` from the state at `source` are walked first (the others only if those pass).
 */
async function firstFailure(model: MachineModel, machine: AnyStateMachine, source: string[], to: string | null): Promise<string | null> {
  // The app's actors deferred and its actions spies, on the model's clock: as the path tests run them.
  const harness = () =>
    createHarness(machine, { actors: appActors(machine), actions: appActions(machine), ...(model.now === undefined ? {} : { now: model.now }) });
  const node = nodeAt(machine, source);
  const changed = [...[...node.transitions.values()].flat(), ...(node.always ?? [])].filter((t) =>
    (t.target ?? []).some((target: AnyStateNode) => `#${target.id}` === to),
  );
  const takesIt = (path: { steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }> }) =>
    path.steps.some((step, i) => i > 0 && transitionsTaken(machine, path.steps[i - 1]!.state, step.event).some((t) => changed.includes(t)));
  let runs: ReturnType<MachineModel['runs']>;
  try {
    runs = model.runs(machine);
  } catch (error) {
    // The model itself cannot be built over the copy (its key no longer determines what the machine accepts):
    // the path test file fails before any path runs.
    return `the model cannot be built: ${error instanceof Error ? error.message : String(error)}`;
  }
  for (const { input, paths } of runs) {
    for (const path of [...paths.filter(takesIt), ...paths.filter((p) => !takesIt(p))]) {
      try {
        await executePath(path, { harness, input, key: model.key, expected: model.expected as never });
      } catch (error) {
        return error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }
    }
  }
  return null;
}

const load = async (flow: string, source: string) => {
  const exports = await copy.load<Record<string, AnyStateMachine>>(flow, source);
  return Object.entries(exports).find(([name]) => name.endsWith('Machine'))![1];
};

describe('a wrong transition fails a path test', () => {
  it('the signing machine with Cancel sending the worker to "nothing to sign" instead of back to the list', async () => {
    const model = ALL_MODELS.signing!;
    const source = copy.source('signing.machine.ts');
    const from = "'signing.cancel': { target: 'selecting'";
    expect(source).toContain(from);
    const mutant = await load('signing', source.replace(from, "'signing.cancel': { target: 'nothingToSign'"));
    expect(await firstFailure(model, await load('signing', source), [], null)).toBeNull(); // the same copy, unchanged, passes
    expect(await firstFailure(model, mutant, ['confirming'], '#signing.nothingToSign')).toMatch(/→ cancel: the tester expects selecting/);
  }, 60_000);

  it.each(Object.keys(ALL_MODELS))(
    'every literal target of the %s machine, sent elsewhere, fails a path',
    async (flow) => {
      const model = ALL_MODELS[flow]!;
      const source = copy.source(`${flow}.machine.ts`);
      const sites = targetSites(`${flow}.machine.ts`);
      expect(sites.length).toBeGreaterThan(2);
      const survivors: string[] = [];
      for (const site of sites) {
        const replacement = elsewhere(model.machine, site);
        const mutant = await load(flow, `${source.slice(0, site.start)}'${replacement}'${source.slice(site.end)}`);
        if ((await firstFailure(model, mutant, site.source, replacement)) === null) survivors.push(`${site.where}: '${site.text}' → '${replacement}'`);
      }
      expect(survivors, `mutants no path test caught (of ${sites.length})`).toEqual([]);
    },
    120_000,
  ); // about 30 mutants for the session, each a model built and walked: seconds on a loaded machine
});
