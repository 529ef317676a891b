/**
 * Stately's own parser (`@xstate/machine-extractor`, the one behind Stately's editor tooling) run over a machine
 * file, and what it sees compared with the machine XState runs (docs/decisions/071-studio-shape-rules.md).
 *
 * The parser is installed through the local package scripts/stately-parser (it needs xstate 4 beside it, while the
 * app runs xstate 5: docs/decisions/152-stately-parser.md). It never fails on what it cannot read: it warns (a
 * `params` function), or silently drops it (a spread, a concatenated target or description). So the check is
 * twofold: no warning, and the chart it extracts (states, initial states, tags, descriptions, entry and exit
 * actions, invokes, every transition with its guard, targets and actions, static params included) is the very
 * chart of the loaded machine. What the parser cannot keep then shows as a difference.
 *
 * Each problem is one line `<rule>: <where> <what>`: `parser` (a warning), `shape`, `inline`, `named`, `delay`,
 * `invoke-id`, `description`, `chart` (a difference between the parser's chart and XState's).
 */
import { createRequire } from 'node:module';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

type Reference = { kind: 'named' | 'inline' | 'builtin'; action?: { type?: string; params?: unknown; expr?: unknown }; type?: string; params?: unknown };
type ParsedTransition = { target?: string | string[]; cond?: Reference; actions?: Reference | Reference[]; description?: string };
type OneOrMany<T> = T | T[];
type ParsedInvoke = { src: string; id?: string; kind: 'named' | 'inline'; onDone?: OneOrMany<ParsedTransition>; onError?: OneOrMany<ParsedTransition> };
type ParsedState = {
  id?: string;
  initial?: string;
  type?: string;
  description?: string;
  tags?: OneOrMany<string>;
  entry?: OneOrMany<Reference>;
  exit?: OneOrMany<Reference>;
  on?: Record<string, OneOrMany<ParsedTransition>>;
  after?: Record<string, OneOrMany<ParsedTransition>>;
  always?: OneOrMany<ParsedTransition>;
  onDone?: OneOrMany<ParsedTransition>;
  invoke?: OneOrMany<ParsedInvoke>;
  states?: Record<string, ParsedState>;
};
type Extractor = { extractMachinesFromFile: (source: string) => { machines: Array<{ toConfig: () => ParsedState | undefined } | null> } | null };

/** Required from the local package's folder, where its xstate 4 is found (not the app's xstate 5). */
const local = createRequire(createRequire(import.meta.url).resolve('stately-parser/package.json'));
const extractor = local('@xstate/machine-extractor') as Extractor;

const many = <T>(value: OneOrMany<T> | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const json = (value: unknown) => JSON.stringify(value ?? {});

/** Runs the parser over a source text: the machines it finds, and what it printed (warnings and errors). */
export function parseWithStately(source: string): { configs: Array<ParsedState | undefined>; warnings: string[] } {
  const warnings: string[] = [];
  const { warn, error } = console;
  console.warn = (message: unknown, details?: { key?: unknown }) => warnings.push(`${String(message)}${details?.key ? ` (key "${String(details.key)}")` : ''}`);
  console.error = (message: unknown) => warnings.push(String(message));
  try {
    const result = extractor.extractMachinesFromFile(source);
    return { configs: (result?.machines ?? []).map((machine) => machine?.toConfig()), warnings };
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

/** A reference as one comparable string: its name and its static params. */
function referenceText(name: string, params: unknown): string {
  return params === undefined || json(params) === '{}' ? name : `${name}${json(params)}`;
}

/** The runtime machine's reference (string, `{ type, params }` or a function) as the same string. */
function runtimeReference(reference: unknown): string {
  if (typeof reference === 'string') return reference;
  if (typeof reference === 'function') return `ƒ ${reference.name || 'inline'}`;
  const { type, params } = reference as { type: string; params?: unknown };
  return typeof params === 'function' ? `${type}(ƒ params)` : referenceText(type, params);
}

const pathOf = (node: AnyStateNode) => (node.path.length === 0 ? '(machine)' : node.path.join('.'));

function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const all: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    all.push(node);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return all;
}

/** The timer XState adds on entry (raise) and exit (cancel) of a state with `after` transitions: not written. */
function isDelayTimer(node: AnyStateNode, action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const { type, id, sendId } = action as unknown as { type?: string; id?: string; sendId?: string };
  return (type === 'xstate.raise' || type === 'xstate.cancel') && node.after.some((t) => t.eventType === (id ?? sendId));
}

/** The chart of the machine XState runs, one line per fact. */
export function runtimeChart(machine: AnyStateMachine): string[] {
  const lines: string[] = [];
  for (const node of stateNodes(machine)) {
    const where = pathOf(node);
    const type = node.type === 'compound' || node.type === 'atomic' ? '' : ` ${node.type}`;
    const initial = node.type === 'compound' ? ` initial ${node.initial.target.map((t: AnyStateNode) => t.key).join(',')}` : '';
    lines.push(`state ${where}${type}${initial}${node.tags.length ? ` tags ${[...node.tags].join(',')}` : ''}`);
    if (node.description) lines.push(`description ${where}: ${node.description}`);
    const written = (actions: unknown[]) => actions.filter((action) => !isDelayTimer(node, action));
    if (written(node.entry).length) lines.push(`entry ${where}: ${written(node.entry).map(runtimeReference).join(', ')}`);
    if (written(node.exit).length) lines.push(`exit ${where}: ${written(node.exit).map(runtimeReference).join(', ')}`);
    for (const invoke of node.invoke) lines.push(`invoke ${where}: ${invoke.id} ← ${runtimeReference(invoke.src)}`);
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    const index = new Map<string, number>();
    for (const t of transitions) {
      const event = String(t.eventType);
      const i = index.get(event) ?? 0;
      index.set(event, i + 1);
      const targets = (t.target ?? []).map((target: AnyStateNode) => target.id).join(',');
      const guard = t.guard === undefined ? '' : ` [${runtimeReference(t.guard)}]`;
      lines.push(
        `on ${where} ${event || 'always'}#${i}${guard} → ${targets || '(stays)'} / ${t.actions.map(runtimeReference).join(', ')}${t.description ? ` "${t.description}"` : ''}`,
      );
    }
  }
  return lines;
}

/** Where a parsed target string points, resolved on the machine as XState does (`#id`, `.child`, sibling paths). */
export function resolveTarget(machine: AnyStateMachine, source: AnyStateNode, target: string): string {
  try {
    if (target.startsWith('#')) return machine.getStateNodeById(target.slice(1)).id;
    let node: AnyStateNode | undefined = target.startsWith('.') ? source : source.parent;
    for (const key of (target.startsWith('.') ? target.slice(1) : target).split('.')) node = node?.states[key];
    return node?.id ?? `?${target}`;
  } catch {
    return `?${target}`;
  }
}

/**
 * The parser's config as the same lines, plus the problems found on the way: inline implementations, references
 * the machine does not define, unnamed delays, invokes without an id, states without a description.
 */
function parsedChart(machine: AnyStateMachine, root: ParsedState, problems: string[]): string[] {
  const lines: string[] = [];
  const implementations = machine.implementations as { actions: object; guards: object; actors: object; delays: object };
  const reference = (ref: Reference, kind: 'actions' | 'guards', where: string): string => {
    const name = kind === 'actions' ? ref.action?.type : ref.type;
    const params = kind === 'actions' ? ref.action?.params : ref.params;
    if (ref.kind !== 'named' || name === undefined) {
      problems.push(`inline: ${where} has an inline ${kind === 'actions' ? 'action' : 'guard'} (name it in setup())`);
      return `ƒ ${ref.kind}`;
    }
    if (!(name in implementations[kind])) problems.push(`named: ${where} "${name}" is not one of setup()'s ${kind}`);
    return referenceText(name, params);
  };
  const visit = (state: ParsedState, node: AnyStateNode | undefined, where: string) => {
    if (!node) return void problems.push(`chart: the parser sees a state ${where} that XState does not run`);
    const type = state.type && state.type !== 'compound' && state.type !== 'atomic' ? ` ${state.type}` : '';
    const initial = state.initial !== undefined ? ` initial ${state.initial}` : '';
    const tags = many(state.tags);
    lines.push(`state ${where}${type}${initial}${tags.length ? ` tags ${tags.join(',')}` : ''}`);
    if (state.description) lines.push(`description ${where}: ${state.description}`);
    else problems.push(`description: ${where} has no literal description`);
    for (const hook of ['entry', 'exit'] as const) {
      const refs = many(state[hook]);
      if (refs.length) lines.push(`${hook} ${where}: ${refs.map((r, i) => reference(r, 'actions', `${where}.${hook}[${i}]`)).join(', ')}`);
    }
    const transitions: Array<[string, ParsedTransition[], string]> = [];
    for (const [event, list] of Object.entries(state.on ?? {})) transitions.push([event, many(list), `${where}.on.${event}`]);
    for (const [delay, list] of Object.entries(state.after ?? {})) {
      if (/^\d+$/.test(delay)) problems.push(`delay: ${where}.after.${delay} is an unnamed delay (name it in setup({ delays }))`);
      else if (!(delay in implementations.delays)) problems.push(`named: ${where}.after.${delay} is not a delay of setup()`);
      transitions.push([`xstate.after.${delay}.${node.id}`, many(list), `${where}.after.${delay}`]);
    }
    many(state.invoke).forEach((invoke, i) => {
      const at = `${where}.invoke${many(state.invoke).length > 1 ? `[${i}]` : ''}`;
      if (invoke.kind !== 'named') problems.push(`inline: ${at}.src is an inline actor (name it in setup())`);
      else if (!(invoke.src in implementations.actors)) problems.push(`named: ${at}.src "${invoke.src}" is not one of setup()'s actors`);
      if (invoke.id === undefined) problems.push(`invoke-id: ${at} has no literal id`);
      lines.push(`invoke ${where}: ${invoke.id} ← ${invoke.kind === 'named' ? invoke.src : 'ƒ inline'}`);
      transitions.push(
        [`xstate.done.actor.${invoke.id}`, many(invoke.onDone), `${at}.onDone`],
        [`xstate.error.actor.${invoke.id}`, many(invoke.onError), `${at}.onError`],
      );
    });
    transitions.push([`xstate.done.state.${node.id}`, many(state.onDone), `${where}.onDone`], ['always', many(state.always), `${where}.always`]);
    for (const [event, list, at] of transitions) {
      list.forEach((t, i) => {
        const targets = many(t.target)
          .map((target) => resolveTarget(machine, node, target))
          .join(',');
        const guard = t.cond ? ` [${reference(t.cond, 'guards', `${at}[${i}].guard`)}]` : '';
        const actions = many(t.actions).map((a, j) => reference(a, 'actions', `${at}[${i}].actions[${j}]`));
        lines.push(`on ${where} ${event}#${i}${guard} → ${targets || '(stays)'} / ${actions.join(', ')}${t.description ? ` "${t.description}"` : ''}`);
      });
    }
    for (const [key, child] of Object.entries(state.states ?? {})) visit(child, node.states[key], where === '(machine)' ? key : `${where}.${key}`);
  };
  visit(root, machine.root, '(machine)');
  return lines;
}

/** The problems Stately's parser finds in a machine file whose loaded machine is `machine`; none is the goal. */
export function statelyProblems(source: string, machine: AnyStateMachine): string[] {
  const problems: string[] = [];
  const { configs, warnings } = parseWithStately(source);
  for (const warning of warnings) problems.push(`parser: ${warning}`);
  if (configs.length !== 1 || !configs[0]) return [...problems, `shape: Stately's parser finds ${configs.length} machines, not one`];
  const config = configs[0];
  if (config.id === undefined) problems.push('shape: (machine) has no literal id');
  const seen = parsedChart(machine, config, problems);
  const runs = runtimeChart(machine);
  for (const line of seen.filter((l) => !runs.includes(l))) problems.push(`chart: the parser sees ${line}`);
  for (const line of runs.filter((l) => !seen.includes(l))) problems.push(`chart: XState runs ${line}`);
  return problems;
}
