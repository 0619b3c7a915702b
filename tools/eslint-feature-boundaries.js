// A feature may use another feature only through its public entry files: on the server
// `features/<name>/index.ts` (its service API), on the web `index.ts(x)` or `api.ts`.
// Anything else under another feature's folder (queries, service, components, pages…) is
// reported. Imports are resolved against the importing file, so `../x/y.ts`,
// `../../features/x/y.ts` and deeper folders are all caught.
import path from 'node:path';

/** @type {import('eslint').Rule.RuleModule} */
const featureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another feature only through its public entry (index.ts).' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string' },
          entries: { type: 'array', items: { type: 'string' } },
        },
        required: ['featuresDir', 'entries'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossed:
        "'{{source}}' reaches into feature '{{target}}'. Import its public entry ({{entries}}) instead, or move the shared piece to platform/ (server) or shared/ (web).",
    },
  },
  create(context) {
    const { featuresDir, entries } = context.options[0];
    const root = path.resolve(context.cwd, featuresDir);
    const file = path.resolve(context.cwd, context.filename);
    const own = path.relative(root, file).split(path.sep);
    if (own[0] === '..' || own.length < 2) return {};
    const ownFeature = own[0];

    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(file), source)).split(path.sep);
      if (target[0] === '..' || target[0] === '' || target[0] === ownFeature) return;
      if (target.length === 2 && entries.includes(target[1])) return;
      context.report({
        node: node.source,
        messageId: 'crossed',
        data: { source, target: target[0], entries: entries.join(', ') },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'feature-imports': featureImports } };
