/**
 * The tables of a machine's page: states, transitions, events, and the named actions, guards, actors and delays
 * with the descriptions the machine file gives them (JSDoc on setup() entries, docs/decisions/070).
 */
import type { AnyStateMachine } from 'xstate';
import type { SetupKind } from './machine-source.ts';
import { edgesOf, pathOf, stateActionsOf, stateNodesOf, nameOf } from './walk.ts';

/** A table cell: one line, pipes escaped (descriptions may contain both). */
const cell = (text: string): string => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const code = (text: string): string => `\`${text}\``;
const list = (items: Iterable<string>): string => [...new Set(items)].map(code).join(', ');

function table(headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '_None._';
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

export function catalogue(machine: AnyStateMachine, described: Record<SetupKind, Map<string, string>>): string {
  const edges = edgesOf(machine);
  const stateActions = stateActionsOf(machine);
  const usedAt = new Map<string, string[]>();
  const use = (key: string, where: string) => usedAt.set(key, [...(usedAt.get(key) ?? []), where]);
  for (const e of edges) {
    for (const a of e.actions) use(`actions:${a}`, `${e.label} @ ${pathOf(e.source)}`);
    if (e.guard !== null) use(`guards:${e.guard}`, `${e.label} @ ${pathOf(e.source)}`);
    if (e.label.startsWith('after ')) use(`delays:${e.label.slice(6)}`, pathOf(e.source));
  }
  for (const { node, hook, action } of stateActions) use(`actions:${action}`, `${hook} @ ${pathOf(node)}`);
  const invokes = stateNodesOf(machine).flatMap((node) => node.invoke.map((inv) => ({ node, id: inv.id, src: nameOf(inv.src) })));
  for (const inv of invokes) use(`actors:${inv.src}`, `${inv.id} @ ${pathOf(inv.node)}`);

  const named = (kind: SetupKind, heading: string, usedHeading: string) => {
    const names = [...new Set([...described[kind].keys(), ...[...usedAt.keys()].filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1))])];
    const rows = names.map((name) => [code(name), described[kind].get(name) ?? '', list(usedAt.get(`${kind}:${name}`) ?? [])]);
    return `## ${heading}\n\n${table([heading.replace(/s$/, ''), 'Description', usedHeading], rows)}`;
  };

  const events = new Map<string, string[]>();
  for (const e of edges) if (e.eventType !== '') events.set(e.eventType, [...(events.get(e.eventType) ?? []), pathOf(e.source)]);

  return [
    `## States\n\n${table(
      ['State', 'Type', 'Tags', 'Description'],
      stateNodesOf(machine).map((n) => [code(pathOf(n)), n.type, list(n.tags), n.description ?? '']),
    )}`,
    `## Transitions\n\nIn the order XState tries them: the first whose guard passes is taken.\n\n${table(
      ['From', 'Event', 'Guard', 'To', 'Actions', 'Description'],
      edges.map((e) => [
        code(pathOf(e.source)),
        e.label,
        e.guard === null ? '' : code(e.guard),
        e.targets.length === 0 ? '(stays)' : list(e.targets.map(pathOf)),
        list(e.actions),
        e.description ?? '',
      ]),
    )}`,
    `## Events\n\n${table(
      ['Event', 'Handled in'],
      [...events].map(([type, states]) => [code(type), list(states)]),
    )}`,
    named('actions', 'Actions', 'Run on'),
    named('guards', 'Guards', 'Checked on'),
    named('actors', 'Actors', 'Invoked as'),
    named('delays', 'Delays', 'Used in'),
  ].join('\n\n');
}
