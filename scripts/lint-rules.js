// The project's own ESLint rules (plugin `local` in eslint.config.js), for what the built-in rules cannot say.
// Each has good and bad samples in tests/lint/.
import { dirname, resolve, sep } from 'node:path';
import { commentProblems } from './lib/comment-references.js';

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
    docs: { description: 'A feature imports no other feature: what two features share lives in src/ui, src/domain or machines/.' },
    messages: {
      crossFeature:
        "src/features/{{own}} imports from src/features/{{other}}: a feature imports no other feature; move what they share to src/ui, src/domain or a selector in machines/ (docs/decisions/155-feature-boundaries.md).",
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
  rules: { 'no-cross-feature-import': noCrossFeatureImport, 'comment-references': commentReferences },
};
