/**
 * The "Test paths" section of a machine's page: every path its vitest path test walks (the transition cover of
 * tests/machines/helpers/cover.ts), in words, generated from the same registry of models (tests/machines/fixtures/models.ts: fixtures, key, inputs) and the same tester's table
 * (the `says` of each row, helpers/expectations.ts) as the test itself, so a page is stale as soon as a path,
 * a fixture or a word changes (docs/decisions/070-machine-docs-generation.md).
 */
import { ALL_MODELS, type MachineModel } from '../../tests/machines/fixtures/models.ts';
import { pathInWords } from '../../tests/machines/helpers/expectations.ts';

export function testPathsSection(flow: string, models: Record<string, MachineModel> = ALL_MODELS): string {
  const model = models[flow];
  if (!model) {
    return `## Test paths\n\n_No test model is registered for this machine: add it to \`tests/machines/fixtures/models.ts\` (its fixtures, key, inputs and the tester's table), then run \`npm run machines:docs\`._`;
  }
  const runs = model.runs();
  const total = runs.reduce((n, run) => n + run.paths.length, 0);
  const intro =
    `The ${total} paths \`tests/machines/${flow}.paths.test.ts\` walks: the fewest shortest paths that together walk every state, ` +
    `every transition and every row of the tester's expectations in \`tests/machines/fixtures/${model.file}\`, each step checked ` +
    'against those expectations; the same choices are not walked again in another order or with another item. ' +
    'A path starts where the machine starts; states are in plain words, and between two states is what happened, as the tester wrote it.';
  const lists = runs.map(({ label, input, paths }) => {
    const items = paths.map((path, i) => `${i + 1}. ${pathInWords(model.expected, path.steps, input)}`).join('\n');
    return label === null ? items : `### With ${label}\n\n${items}`;
  });
  return [`## Test paths`, intro, ...lists].join('\n\n');
}
