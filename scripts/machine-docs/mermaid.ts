/**
 * A Mermaid `stateDiagram-v2` of a machine, drawn from its state nodes (docs/decisions/070-machine-docs-generation.md).
 *
 * - Compound and parallel states are composite blocks (`state "key" as id { … }`); parallel regions are split by `--`.
 * - Ids are the state path joined with `_` and cleaned to `[A-Za-z0-9_]`: Mermaid reads `.` and `#` as syntax.
 *   The label keeps the state's own key.
 * - Every block declares its states first and draws its edges after, so that no edge creates a state by naming
 *   it before its block does. An edge sits in the lowest block that contains both ends (as descendants): Mermaid
 *   cannot draw a composite's edge from inside that composite.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { edgesOf, type Edge } from './walk.ts';

/** A Mermaid id for a state node (unique: paths are unique and `_` never appears in ours; checked by the test). */
export const mermaidId = (node: AnyStateNode): string => (node.path.length === 0 ? 'root' : node.path.join('_').replace(/[^A-Za-z0-9_]/g, '_'));

/** Labels are free text after `:`; these characters would end the statement or open a note or comment. */
const cleanLabel = (text: string): string =>
  text
    .replace(/[;#\n\r]/g, ' ')
    .replace(/%%/g, '% %')
    .trim();

export function edgeLabel(edge: Edge): string {
  return cleanLabel(edge.guard === null ? edge.label : `${edge.label} [${edge.guard}]`);
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.unshift(n);
  return chain;
}

/** The lowest state that strictly contains every given node (the root when nothing lower does). */
function scopeOf(nodes: AnyStateNode[]): AnyStateNode {
  const chains = nodes.map((n) => ancestors(n.parent ?? n));
  let scope = chains[0]![0]!;
  for (let depth = 0; chains.every((c) => c[depth] !== undefined && c[depth] === chains[0]![depth]); depth++) scope = chains[0]![depth]!;
  return scope;
}

export function toMermaid(machine: AnyStateMachine): string {
  const edgesByScope = new Map<AnyStateNode, string[]>();
  for (const edge of edgesOf(machine)) {
    const targets = edge.targets.length > 0 ? edge.targets : [edge.source];
    for (const target of targets) {
      const scope = scopeOf([edge.source, target]);
      const line = `${mermaidId(edge.source)} --> ${mermaidId(target)} : ${edgeLabel(edge)}`;
      edgesByScope.set(scope, [...(edgesByScope.get(scope) ?? []), line]);
    }
  }
  const lines = ['stateDiagram-v2'];
  // The root's own transitions need a box to start from: then the machine itself is drawn as one.
  const rootHasEdges = edgesOf(machine).some((e) => e.source === machine.root);
  if (rootHasEdges) {
    lines.push(`  state "${machine.id}" as root {`);
    block(machine.root, 2, lines, edgesByScope, false);
    lines.push('  }');
    lines.push(...(edgesByScope.get(machine.root) ?? []).map((l) => `  ${l}`));
  } else {
    block(machine.root, 1, lines, edgesByScope);
  }
  return lines.join('\n');
}

/** The inside of a compound or parallel node: initial arrow, children, its edges, arrows to final. */
function block(node: AnyStateNode, depth: number, lines: string[], edgesByScope: Map<AnyStateNode, string[]>, withEdges = true): void {
  const pad = '  '.repeat(depth);
  const children = Object.values(node.states);
  if (node.type === 'compound') for (const initial of node.initial.target) lines.push(`${pad}[*] --> ${mermaidId(initial)}`);
  children.forEach((child, i) => {
    if (node.type === 'parallel' && i > 0) lines.push(`${pad}--`);
    const label = child.type === 'history' ? `${child.key} (history)` : child.key;
    if (child.type === 'compound' || child.type === 'parallel') {
      lines.push(`${pad}state "${label}" as ${mermaidId(child)} {`);
      block(child, depth + 1, lines, edgesByScope);
      lines.push(`${pad}}`);
    } else {
      lines.push(`${pad}state "${label}" as ${mermaidId(child)}`);
    }
  });
  if (withEdges) lines.push(...(edgesByScope.get(node) ?? []).map((l) => `${pad}${l}`));
  for (const child of children) if (child.type === 'final') lines.push(`${pad}${mermaidId(child)} --> [*]`);
}
