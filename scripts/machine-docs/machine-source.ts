/**
 * The rules for machine files (docs/conventions.md, Machines) that Stately's own parser does not check, read on a machine file's SOURCE with the
 * TypeScript compiler API (docs/decisions/071-studio-shape-rules.md): what the file imports, that it exports one
 * `setup({...}).createMachine({...})`, that the config is written with literals (the parser resolves some constants
 * and silently drops spreads and expressions), and that every setup() entry has its JSDoc (decision 070). What the
 * parser sees (names, inline implementations, ids, descriptions, the chart itself) is checked with the parser, in
 * tests/machines/helpers/stately-parser.ts. The docs generator reads the setup() entries' JSDoc from here too.
 *
 * Each problem is one line `<rule>: <where> <what>`, so a failing test says which rule and which place.
 * Rules: `imports`, `shape`, `literal`, `setup-doc`.
 */
import ts from 'typescript';

export type SetupKind = 'actions' | 'guards' | 'actors' | 'delays';
const SETUP_KINDS: readonly SetupKind[] = ['actions', 'guards', 'actors', 'delays'];

export type MachineSource = {
  file: ts.SourceFile;
  setup: ts.ObjectLiteralExpression | null;
  config: ts.ObjectLiteralExpression | null;
};

export function parseMachineSource(source: string, fileName = 'machine.ts'): MachineSource {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls = createMachineCalls(file);
  const call = calls.length === 1 ? calls[0]! : null;
  const setupCall =
    call && ts.isPropertyAccessExpression(call.expression) && ts.isCallExpression(call.expression.expression) ? call.expression.expression : null;
  const setupArg = setupCall?.arguments[0];
  const configArg = call?.arguments[0];
  return {
    file,
    setup: setupArg && ts.isObjectLiteralExpression(setupArg) ? setupArg : null,
    config: call?.arguments.length === 1 && configArg && ts.isObjectLiteralExpression(configArg) ? configArg : null,
  };
}

function createMachineCalls(file: ts.SourceFile): ts.CallExpression[] {
  const found: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'createMachine') found.push(node);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'createMachine') found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The property of an object literal with this plain name (not computed). */
export function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.PropertyAssignment | undefined {
  return object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyOf(p) === name);
}

/** The written name of a property key, or null for a computed key. */
export function keyOf(property: ts.ObjectLiteralElementLike): string | null {
  const name = property.name;
  if (!name || ts.isComputedPropertyName(name)) return null;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  return null;
}

/** The JSDoc text of a node (the description convention of setup() entries), or '' when it has none. */
export function jsDocOf(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
}

/** The entries of setup()'s actions, guards, actors and delays, each with its JSDoc. */
export function setupEntries(setup: ts.ObjectLiteralExpression | null): Record<SetupKind, Map<string, string>> {
  const entries = Object.fromEntries(SETUP_KINDS.map((kind) => [kind, new Map<string, string>()])) as Record<SetupKind, Map<string, string>>;
  for (const kind of SETUP_KINDS) {
    const group = setup && propertyOf(setup, kind)?.initializer;
    if (!group || !ts.isObjectLiteralExpression(group)) continue;
    for (const entry of group.properties) {
      const name = keyOf(entry);
      if (name !== null) entries[kind].set(name, jsDocOf(entry));
    }
  }
  return entries;
}

/** Module specifiers of every import, re-export, dynamic import and require of the file. */
export function importsOf(file: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specifiers.push(node.moduleSpecifier.text);
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const arg = node.arguments[0];
      specifiers.push(arg && ts.isStringLiteralLike(arg) ? arg.text : `<computed ${arg?.getText() ?? ''}>`);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      specifiers.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
}

export type CheckOptions = {
  /** File names of the machines/ folder: `./<sibling>` imports are allowed. */
  siblings: readonly string[];
  /** `<flow>Machine`, the export the file must define as setup({...}).createMachine({...}). */
  exportName?: string;
};

export function checkMachineSource(source: string, options: CheckOptions): string[] {
  const parsed = parseMachineSource(source);
  const problems: string[] = [];
  for (const spec of importsOf(parsed.file)) {
    const sibling = spec.startsWith('./') && !spec.slice(2).includes('/') && options.siblings.includes(spec.slice(2));
    // The pure rules, constants and API types of the core (docs/conventions.md, Machines): one copy of each, never a second in machines/.
    const domain = /^#domain\/[^/]+\.ts$/.test(spec);
    if (spec !== 'xstate' && !sibling && !domain) problems.push(`imports: ${spec}`);
  }
  if (!parsed.config || !parsed.setup) {
    problems.push('shape: expected exactly one setup({...}).createMachine({...}) with one literal config object');
    return problems;
  }
  if (options.exportName !== undefined && !exportsMachine(parsed, options.exportName))
    problems.push(`shape: no "export const ${options.exportName} = setup({...}).createMachine({...})"`);
  const names = setupEntries(parsed.setup);
  for (const kind of SETUP_KINDS) for (const [name, doc] of names[kind]) if (doc === '') problems.push(`setup-doc: ${kind}.${name} has no /** description */`);
  literals(parsed.config, '(machine)', problems);
  return problems;
}

function exportsMachine(parsed: MachineSource, exportName: string): boolean {
  return parsed.file.statements.some(
    (statement) =>
      ts.isVariableStatement(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true &&
      statement.declarationList.declarations.some(
        (d) => ts.isIdentifier(d.name) && d.name.text === exportName && d.initializer !== undefined && unwrap(d.initializer) === parsed.config?.parent,
      ),
  );
}

const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

/**
 * The config is literals all the way down: objects, arrays, strings, numbers, booleans, null. Functions and calls
 * are left to the parser check (an inline action or guard, a `params` function it cannot keep); anything else (a
 * spread, a computed key, a variable, a template string, an expression) is a `literal` problem, even where the
 * parser would resolve it: Studio writes the chart back as literals.
 */
function literals(node: ts.ObjectLiteralExpression, path: string, problems: string[]): void {
  for (const property of node.properties) {
    const key = keyOf(property);
    if (ts.isSpreadAssignment(property)) problems.push(`literal: ${path} has a spread ...${property.expression.getText()}`);
    else if (ts.isShorthandPropertyAssignment(property)) problems.push(`literal: ${path}.${property.name.text} is a variable`);
    else if (key === null) problems.push(`literal: ${path} has a computed key ${property.name?.getText() ?? ''}`);
    else if (ts.isPropertyAssignment(property)) value(property.initializer, `${path}.${key}`, problems);
  }
}

function value(node: ts.Expression, path: string, problems: string[]): void {
  const v = unwrap(node);
  if (ts.isObjectLiteralExpression(v)) literals(v, path, problems);
  else if (ts.isArrayLiteralExpression(v))
    v.elements.forEach((element, i) =>
      ts.isSpreadElement(element) ? problems.push(`literal: ${path}[${i}] is a spread`) : value(element, `${path}[${i}]`, problems),
    );
  else if (ts.isStringLiteral(v) || ts.isNumericLiteral(v) || isKeyword(v) || isFunction(v) || ts.isCallExpression(v)) return;
  else if (ts.isPrefixUnaryExpression(v) && ts.isNumericLiteral(v.operand)) return;
  else if (ts.isNoSubstitutionTemplateLiteral(v) || ts.isTemplateExpression(v)) problems.push(`literal: ${path} is a template string`);
  else if (ts.isIdentifier(v)) problems.push(`literal: ${path} is the variable ${v.text}`);
  else problems.push(`literal: ${path} is an expression (${ts.SyntaxKind[v.kind]}), not a literal`);
}

const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);
const isKeyword = (node: ts.Node) =>
  node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword;
