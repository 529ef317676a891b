// The rule `local/no-core-copy` (eslint.config.js, machines/): a machine file declares no copy of what the shared core
// exports (docs/decisions/229-machines-read-the-core.md). Two ways a copy is recognised, both precise:
// - by name: a top-level declaration of a name that a file of domain/ exports as a value (a constant, a function,
//   a class, an enum), e.g. `const OFFER_DECLINE_REASON_MAX = 500`;
// - by value, for the limits moved into the core (the rule's `limits`, names the core exports as number
//   literals) and for the contract's error codes: a top-level constant whose initializer holds one of those
//   numbers as a literal (an object's value included: `{ year: 2000, month: 1 }`), or is a list of two or more
//   error codes written as string literals (`['hours_changed', 'not_found']`).
// The core is read from disk (its exports and the limits' values), once per lint run and again when a file changes.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const cache = new Map();

/** The exported value names of domain/ and the number each exported literal constant holds. */
function coreOf(folder) {
  const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
  const stamp = files.map((name) => `${name}:${statSync(join(folder, name)).mtimeMs}`).join('|');
  const known = cache.get(folder);
  if (known && known.stamp === stamp) return known.core;
  const names = new Map();
  const numbers = new Map();
  let errorCodes = [];
  for (const name of files) {
    const source = ts.createSourceFile(name, readFileSync(join(folder, name), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name)) continue;
          names.set(declaration.name.text, name);
          const init = declaration.initializer;
          if (init && ts.isNumericLiteral(init)) numbers.set(declaration.name.text, Number(init.text));
          if (declaration.name.text === 'errorCodeValues' && init && ts.isArrayLiteralExpression(init))
            errorCodes = init.elements.filter(ts.isStringLiteral).map((element) => element.text);
        }
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
        names.set(statement.name.text, name);
      }
    }
  }
  const core = { names, numbers, errorCodes: new Set(errorCodes) };
  cache.set(folder, { stamp, core });
  return core;
}

/** The number literals of an initializer, walking into objects and arrays (not into functions). */
function numbersIn(node, found = []) {
  if (node.type === 'Literal' && typeof node.value === 'number') found.push(node);
  else if (node.type === 'ObjectExpression') {
    for (const property of node.properties) if (property.type === 'Property') numbersIn(property.value, found);
  } else if (node.type === 'ArrayExpression') {
    for (const element of node.elements) if (element) numbersIn(element, found);
  } else if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') numbersIn(node.expression, found);
  return found;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCoreCopy = {
  meta: {
    type: 'problem',
    docs: { description: 'A machine declares no copy of a constant, rule or list the shared core exports (domain/).' },
    messages: {
      name: '{{name}} is exported by domain/{{file}}: import it (#domain/{{file}}) instead of declaring a copy in machines/ (docs/decisions/229-machines-read-the-core.md).',
      limit:
        "The literal {{value}} is the core's {{limit}} (domain/{{file}}): import it (#domain/{{file}}) instead of writing its value again (docs/decisions/229-machines-read-the-core.md).",
      codes:
        "A list of the contract's error codes written out: take it from the core (domain/, e.g. HOURS_CONFIRM_REFUSALS) or add it there, typed ErrorCode[] (docs/decisions/229-machines-read-the-core.md).",
    },
    schema: [
      {
        type: 'object',
        properties: { core: { type: 'string' }, limits: { type: 'array', items: { type: 'string' } } },
        required: ['core'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = context.options[0];
    const core = coreOf(join(context.cwd, options.core));
    const limits = new Map((options.limits ?? []).filter((name) => core.numbers.has(name)).map((name) => [core.numbers.get(name), name]));
    const declared = (node, name) => core.names.has(name) && context.report({ node, messageId: 'name', data: { name, file: core.names.get(name) } });
    return {
      'Program > VariableDeclaration > VariableDeclarator, Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'(node) {
        if (node.id.type !== 'Identifier') return;
        declared(node.id, node.id.name);
        if (!node.init) return;
        for (const literal of numbersIn(node.init)) {
          const limit = limits.get(literal.value);
          if (limit) context.report({ node: literal, messageId: 'limit', data: { value: String(literal.value), limit, file: core.names.get(limit) } });
        }
        const list = node.init.type === 'TSAsExpression' ? node.init.expression : node.init;
        if (
          list.type === 'ArrayExpression' &&
          list.elements.length >= 2 &&
          list.elements.every((element) => element?.type === 'Literal' && typeof element.value === 'string' && core.errorCodes.has(element.value))
        )
          context.report({ node: list, messageId: 'codes' });
      },
      'Program > FunctionDeclaration, Program > ExportNamedDeclaration > FunctionDeclaration, Program > ClassDeclaration, Program > ExportNamedDeclaration > ClassDeclaration'(
        node,
      ) {
        if (node.id) declared(node.id, node.id.name);
      },
    };
  },
};
