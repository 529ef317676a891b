/**
 * The Stately Studio rules of DESIGN.md §3, checked on a machine file's SOURCE with the TypeScript compiler API
 * (docs/decisions/071-studio-shape-rules.md). Reading the loaded machine cannot tell a literal from a variable or a
 * spread, which is exactly what Studio's import cannot follow; the syntax tree can.
 *
 * Each problem is one line `<rule>: <where> <what>`, so a failing test says which rule and which place.
 * Rules: `imports`, `shape`, `literal`, `inline`, `named`, `delay`, `invoke-id`, `description`, `setup-doc`.
 */
import ts from 'typescript';

export type SetupKind = 'actions' | 'guards' | 'actors' | 'delays';
const SETUP_KINDS: readonly SetupKind[] = ['actions', 'guards', 'actors', 'delays'];

/**
 * The only places a function may stand in the config: data mappings XState offers no named form for, drawn by
 * Studio as part of a named reference (`params` of an action or guard, `input` of an invoke) or not drawn at all
 * (the machine's lazy `context` from its input). Behaviour never sits there: actions and guards are named.
 */
const MAPPING_KEYS = new Set(['params', 'input']);
const ACTION_KEYS = new Set(['entry', 'exit', 'actions']);

export type MachineSource = {
  file: ts.SourceFile;
  setup: ts.ObjectLiteralExpression | null;
  config: ts.ObjectLiteralExpression | null;
};

export function parseMachineSource(source: string, fileName = 'machine.ts'): MachineSource {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const calls = createMachineCalls(file);
  const call = calls.length === 1 ? calls[0]! : null;
  const setupCall = call && ts.isPropertyAccessExpression(call.expression) && ts.isCallExpression(call.expression.expression) ? call.expression.expression : null;
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
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      const arg = node.arguments[0];
      specifiers.push(arg && ts.isStringLiteralLike(arg) ? arg.text : `<computed ${arg?.getText() ?? ''}>`);
    }
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) specifiers.push(node.argument.literal.text);
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
    if (spec !== 'xstate' && !sibling) problems.push(`imports: ${spec}`);
  }
  if (!parsed.config || !parsed.setup) {
    problems.push('shape: expected exactly one setup({...}).createMachine({...}) with one literal config object');
    return problems;
  }
  if (options.exportName !== undefined && !exportsMachine(parsed, options.exportName)) problems.push(`shape: no "export const ${options.exportName} = setup({...}).createMachine({...})"`);
  const names = setupEntries(parsed.setup);
  for (const kind of SETUP_KINDS) for (const [name, doc] of names[kind]) if (doc === '') problems.push(`setup-doc: ${kind}.${name} has no /** description */`);
  new ConfigWalker(names, problems).state(parsed.config, '(machine)', true);
  return problems;
}

function exportsMachine(parsed: MachineSource, exportName: string): boolean {
  return parsed.file.statements.some(
    (statement) =>
      ts.isVariableStatement(statement) &&
      statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true &&
      statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === exportName && d.initializer !== undefined && unwrap(d.initializer) === parsed.config?.parent),
  );
}

const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

type RefKind = 'actions' | 'guards' | 'actors' | null;

/** Walks the config: generic literal rules everywhere, state-node rules on the root and every `states` entry. */
class ConfigWalker {
  constructor(
    private readonly names: Record<SetupKind, Map<string, string>>,
    private readonly problems: string[],
  ) {}

  state(node: ts.ObjectLiteralExpression, path: string, root = false): void {
    const description = propertyOf(node, 'description')?.initializer;
    if (!description || !ts.isStringLiteral(description) || description.text.trim() === '') this.problems.push(`description: ${path} has no literal description`);
    if (root && !isStringProperty(node, 'id')) this.problems.push(`shape: ${path} has no literal id`);
    for (const property of node.properties) {
      const key = keyOf(property);
      if (!ts.isPropertyAssignment(property) || key === null) {
        this.notAnAssignment(property, path);
        continue;
      }
      const value = unwrap(property.initializer);
      const where = `${path}.${key}`;
      if (key === 'states' && ts.isObjectLiteralExpression(value)) {
        this.object(value, where, null, true);
        for (const child of value.properties) {
          const childKey = keyOf(child);
          if (ts.isPropertyAssignment(child) && childKey !== null && ts.isObjectLiteralExpression(unwrap(child.initializer))) {
            this.state(unwrap(child.initializer) as ts.ObjectLiteralExpression, `${path === '(machine)' ? '' : `${path}.`}${childKey}`);
          } else if (ts.isPropertyAssignment(child) && childKey !== null) this.problems.push(`literal: ${where}.${childKey} is not a literal state object`);
        }
      } else if (key === 'invoke') {
        this.invoke(value, where);
      } else if (key === 'after') {
        this.after(value, where);
      } else if (key === 'description') {
        // checked above, as the description rule
      } else if (key === 'context' && root && isFunction(value)) {
        // the lazy initial context from the machine's input: a mapping, see MAPPING_KEYS
      } else {
        this.value(value, where, key, refKindOf(key));
      }
    }
  }

  private invoke(value: ts.Expression, path: string): void {
    const invokes = ts.isArrayLiteralExpression(value) ? value.elements.map(unwrap) : [value];
    invokes.forEach((invoke, i) => {
      const where = invokes.length > 1 ? `${path}[${i}]` : path;
      if (!ts.isObjectLiteralExpression(invoke)) return this.value(invoke, where, 'invoke', null);
      if (!isStringProperty(invoke, 'id')) this.problems.push(`invoke-id: ${where} has no literal id`);
      this.value(invoke, where, 'invoke', null);
    });
  }

  private after(value: ts.Expression, path: string): void {
    if (!ts.isObjectLiteralExpression(value)) return this.value(value, path, 'after', null);
    for (const property of value.properties) {
      const key = keyOf(property);
      if (property.name && ts.isNumericLiteral(property.name)) this.problems.push(`delay: ${path}.${key} is an unnamed delay (name it in setup({ delays }))`);
      else if (key !== null && !this.names.delays.has(key)) this.problems.push(`named: ${path}.${key} is not a delay of setup()`);
    }
    this.object(value, path);
  }

  private object(node: ts.ObjectLiteralExpression, path: string, refKind: RefKind = null, skipValues = false): void {
    for (const property of node.properties) {
      const key = keyOf(property);
      if (!ts.isPropertyAssignment(property) || key === null) this.notAnAssignment(property, path);
      else if (!skipValues) {
        if (refKind !== null && key === 'type') this.reference(property.initializer, `${path}.type`, refKind);
        else this.value(unwrap(property.initializer), `${path}.${key}`, key, refKindOf(key));
      }
    }
  }

  /** A spread, a shorthand (a variable), a method or getter (a function), or a computed key. */
  private notAnAssignment(property: ts.ObjectLiteralElementLike, path: string): void {
    if (ts.isSpreadAssignment(property)) this.problems.push(`literal: ${path} has a spread ...${property.expression.getText()}`);
    else if (ts.isShorthandPropertyAssignment(property)) this.problems.push(`literal: ${path}.${property.name.text} is a variable`);
    else if (ts.isMethodDeclaration(property) || ts.isAccessor(property)) this.problems.push(`inline: ${path}.${keyOf(property) ?? '?'} is an inline function`);
    else this.problems.push(`literal: ${path} has a computed key ${property.name?.getText() ?? ''}`);
  }

  private value(node: ts.Expression, path: string, key: string, refKind: RefKind): void {
    const value = unwrap(node);
    if (isFunction(value)) {
      if (!MAPPING_KEYS.has(key)) this.problems.push(`inline: ${path} is an inline function (name it in setup())`);
    } else if (ts.isStringLiteral(value)) {
      if (refKind !== null) this.reference(value, path, refKind);
    } else if (ts.isNumericLiteral(value) || isKeyword(value) || (ts.isPrefixUnaryExpression(value) && ts.isNumericLiteral(value.operand))) {
      // a plain literal
    } else if (ts.isObjectLiteralExpression(value)) {
      this.object(value, path, refKind);
    } else if (ts.isArrayLiteralExpression(value)) {
      value.elements.forEach((element, i) => (ts.isSpreadElement(element) ? this.problems.push(`literal: ${path}[${i}] is a spread`) : this.value(element, `${path}[${i}]`, key, refKind)));
    } else if (ts.isCallExpression(value)) {
      this.problems.push(`inline: ${path} calls ${value.expression.getText()}(...) in the config (name it in setup())`);
    } else if (ts.isNoSubstitutionTemplateLiteral(value) || ts.isTemplateExpression(value)) {
      this.problems.push(`literal: ${path} is a template string`);
    } else if (ts.isIdentifier(value)) {
      this.problems.push(`literal: ${path} is the variable ${value.text}`);
    } else {
      this.problems.push(`literal: ${path} is an expression (${ts.SyntaxKind[value.kind]}), not a literal`);
    }
  }

  private reference(node: ts.Expression, path: string, refKind: Exclude<RefKind, null>): void {
    const value = unwrap(node);
    if (!ts.isStringLiteral(value)) return this.value(value, path, 'type', null);
    if (!this.names[refKind].has(value.text)) this.problems.push(`named: ${path} "${value.text}" is not one of setup()'s ${refKind}`);
  }
}

function refKindOf(key: string): RefKind {
  if (ACTION_KEYS.has(key)) return 'actions';
  if (key === 'guard') return 'guards';
  if (key === 'src') return 'actors';
  return null;
}

const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node);
const isKeyword = (node: ts.Node) => node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword;
function isStringProperty(node: ts.ObjectLiteralExpression, name: string): boolean {
  const value = propertyOf(node, name)?.initializer;
  return value !== undefined && ts.isStringLiteral(unwrap(value));
}
