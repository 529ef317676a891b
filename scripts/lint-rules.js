// The project's own ESLint rules (plugin `local` in eslint.config.js), for what the built-in rules cannot say.
// Each has good and bad samples in tests/lint/.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { commentProblems } from './lib/comment-references.js';
import { noCoreCopy } from './lint-core-copies.js';

const FEATURES = `${sep}src${sep}features${sep}`;

/** The feature folder a file belongs to (src/features/<name>/…), or null. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return null;
  const rest = file.slice(at + FEATURES.length).split(sep);
  return rest.length > 1 ? rest[0] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCrossFeatureImport = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports no other feature: what two features share lives in src/ui, domain or machines/.' },
    messages: {
      crossFeature:
        'src/features/{{own}} imports from src/features/{{other}}: a feature imports no other feature; move what they share to src/ui, domain or a selector in machines/ (docs/decisions/155-feature-boundaries.md).',
    },
    schema: [],
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const other = featureOf(resolve(dirname(context.filename), source));
      if (other && other !== own) context.report({ node, messageId: 'crossFeature', data: { own, other } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** A file that exists (an import of a folder, a package or a generated file not yet there leads nowhere). */
const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/**
 * The relative imports of a file on disk (static, type-only, re-exports, `import()`), resolved. Cached; the file's
 * time stamp is looked at again only after a second (a walk visits the same files for every file linted, and an
 * editor's lint server runs for hours).
 */
const onDisk = new Map();
function importsOnDisk(file) {
  const now = Date.now();
  const cached = onDisk.get(file);
  if (cached && now - cached.checkedAt < 1000) return cached.imports;
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (cached && cached.mtime === mtime) {
    cached.checkedAt = now;
    return cached.imports;
  }
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => resolve(dirname(file), spec))
    .filter(isFile);
  onDisk.set(file, { mtime, checkedAt: now, imports });
  return imports;
}

/**
 * One walk from every import of `self` at once (breadth first, so each chain is a shortest one): for each import that
 * leads back to `self`, the chain of files from it to `self`. A file already reached from an earlier import is not
 * walked again, so a circle is reported on the first import that closes one; fixing it shows the next.
 */
function chainsBack(self, starts, walked) {
  const previous = new Map();
  const queue = [];
  const chains = new Map();
  for (const start of starts) {
    if (start === self) chains.set(start, [self]);
    else if (!previous.has(start)) {
      previous.set(start, null);
      queue.push(start);
    }
  }
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOnDisk(file)) {
      if (!walked(next)) continue;
      if (next === self) {
        const chain = [self];
        let at = file;
        for (; previous.get(at) !== null; at = previous.get(at)) chain.unshift(at);
        chain.unshift(at);
        if (!chains.has(at)) chains.set(at, chain);
      } else if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return chains;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import circle: a module never reaches itself through its imports (type-only and lazy ones included).' },
    messages: {
      cycle:
        'This import closes a circle: {{chain}}. Move what both sides need to a third module (an actor type beside its selectors in machines/, a shared type in its own file) (docs/decisions/173-no-import-circles.md).',
    },
    schema: [
      {
        type: 'object',
        properties: { notWalked: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const self = resolve(context.filename);
    const root = context.cwd;
    // Generated folders that import nothing of the project (paraglide's 1,400 message modules): no circle goes through them.
    const skipped = (context.options[0]?.notWalked ?? []).map((folder) => resolve(root, folder) + sep);
    const walked = (file) => !skipped.some((folder) => file.startsWith(folder));
    /** The file's own imports come from the text being linted (an editor's unsaved change counts); the rest from disk. */
    const imports = [];
    const collect = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(self), source);
      if (isFile(target)) imports.push({ node, target });
    };
    return {
      ImportDeclaration: (node) => collect(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && collect(node.source, node.source.value),
      ExportAllDeclaration: (node) => collect(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && collect(node.source, node.source.value),
      'Program:exit': () => {
        const chains = chainsBack(
          self,
          imports.map((i) => i.target),
          walked,
        );
        for (const { node, target } of imports) {
          const chain = chains.get(target);
          if (!chain) continue;
          chains.delete(target);
          context.report({ node, messageId: 'cycle', data: { chain: [self, ...chain].map((f) => relative(root, f)).join(' → ') } });
        }
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const commentReferences = {
  meta: {
    type: 'problem',
    docs: { description: 'A comment cites what the repository holds: a § of docs/requirements.md or a decision record, never a tracker number.' },
    messages: { reference: '{{message}}' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const problem of commentProblems(comment.value)) {
            // value starts after the opening `//` or `/*`
            const start = comment.range[0] + 2 + problem.index;
            context.report({ loc: context.sourceCode.getLocFromIndex(start), messageId: 'reference', data: { message: problem.message } });
          }
        }
      },
    };
  },
};

export default {
  meta: { name: 'local' },
  rules: {
    'no-cross-feature-import': noCrossFeatureImport,
    'no-import-cycle': noImportCycle,
    'comment-references': commentReferences,
    'no-core-copy': noCoreCopy,
  },
};
