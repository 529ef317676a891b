import { lint, loadConfig } from '@redocly/openapi-core';
const config = await loadConfig({ configPath: './redocly.yaml' });
const problems = await lint({ ref: './openapi.yaml', config });
for (const p of problems) console.log(p.severity, p.ruleId, p.message, JSON.stringify(p.location?.[0]?.pointer));
console.log('total', problems.length);
