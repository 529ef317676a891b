/**
 * A structural check of the stateDiagram-v2 text we generate (docs/decisions/070): what the Mermaid parser would
 * accept is checked separately by parsing; this one checks what a parser lets through but the chart gets wrong —
 * ids Mermaid would split (`.`, `#`, `-`), blocks left open, edges to states no block declares, `--` outside a block.
 */
const ID = /^[A-Za-z0-9_]+$/;

export function mermaidProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  if (lines[0] !== 'stateDiagram-v2') problems.push('the first line is not stateDiagram-v2');
  const declared = new Set<string>();
  const used: Array<{ id: string; line: number }> = [];
  let depth = 0;
  lines.slice(1).forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 2;
    if (line === '') return;
    let m: RegExpExecArray | null;
    if ((m = /^state "([^"]*)" as (\S+)( \{)?$/.exec(line))) {
      const id = m[2]!;
      if (!ID.test(id)) problems.push(`line ${n}: id "${id}" has characters Mermaid rejects`);
      if (declared.has(id)) problems.push(`line ${n}: "${id}" is declared twice`);
      declared.add(id);
      if (m[3]) depth++;
    } else if (line === '}') {
      depth--;
      if (depth < 0) problems.push(`line ${n}: "}" closes no block`);
    } else if (line === '--') {
      if (depth === 0) problems.push(`line ${n}: "--" (parallel regions) outside a composite state`);
    } else if ((m = /^(\S+) --> (\S+)(?: : (.+))?$/.exec(line))) {
      for (const id of [m[1]!, m[2]!]) if (id !== '[*]') used.push({ id, line: n });
      if (m[3] !== undefined && /[;#]/.test(m[3])) problems.push(`line ${n}: the label has ";" or "#"`);
    } else {
      problems.push(`line ${n}: not a statement we generate: ${line}`);
    }
  });
  if (depth > 0) problems.push(`${depth} block(s) left open`);
  for (const { id, line } of used) {
    if (!ID.test(id)) problems.push(`line ${line}: id "${id}" has characters Mermaid rejects`);
    else if (!declared.has(id)) problems.push(`line ${line}: "${id}" is not declared`);
  }
  return problems;
}
