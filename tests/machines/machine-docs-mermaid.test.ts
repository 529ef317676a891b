// @vitest-environment jsdom
/**
 * Every generated chart goes through Mermaid's own parser (the `mermaid` devDependency; its parse needs a DOM for
 * DOMPurify, which jsdom supplies, no browser). Rendering needs a browser layout, so it is not checked here.
 */
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import { renderMachineDocs } from '../../scripts/machine-docs/render.ts';
import { toMermaid } from '../../scripts/machine-docs/mermaid.ts';
import { sampleMachine } from './helpers/sample-machine.ts';

const charts = [...(await renderMachineDocs())].flatMap(([path, text]) =>
  [...text.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => [path, m[1]!] as const),
);

describe('Mermaid parses', () => {
  it.each(charts)('the chart of %s', async (_path, chart) => {
    await expect(mermaid.parse(chart)).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('the sample machine with every construct', async () => {
    await expect(mermaid.parse(toMermaid(sampleMachine))).resolves.toMatchObject({ diagramType: 'stateDiagram' });
  });

  it('and refuses a broken chart (so this test can fail)', async () => {
    await expect(mermaid.parse('stateDiagram-v2\n  state a {\n    a --> b\n')).rejects.toThrow(/Parse error/);
  });
});
