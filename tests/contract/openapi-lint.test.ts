// openapi.yaml is linted by Redocly's strictest preset (redocly.yaml): any problem fails.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createConfig, lint, lintFromString, loadConfig } from '@redocly/openapi-core';

const describeProblems = (problems: Awaited<ReturnType<typeof lint>>) => problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);

describe('openapi.yaml', () => {
  it('has zero lint problems under recommended-strict', async () => {
    const config = await loadConfig({ configPath: './redocly.yaml' });
    const problems = await lint({ ref: './openapi.yaml', config });
    expect(describeProblems(problems)).toEqual([]);
  });

  it('the lint does catch a broken contract (so the test above can fail)', async () => {
    const broken = readFileSync('./openapi.yaml', 'utf8').replace("$ref: '#/components/schemas/LoginRequest'", "$ref: '#/components/schemas/Nope'");
    const config = await createConfig({ extends: ['recommended-strict'] });
    const problems = await lintFromString({ source: broken, absoluteRef: 'broken.yaml', config });
    expect(describeProblems(problems).join('\n')).toContain('no-unresolved-refs');
  });
});
