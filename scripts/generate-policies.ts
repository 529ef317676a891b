/**
 * `npx tsx scripts/generate-policies.ts`: writes the two policy PDFs of spec §2 (privacy policy, labour
 * regulations) in French and Dutch to public/policies/, which Vite copies to dist/ and the server serves under
 * /policies/. The texts live in scripts/policies/; the output is deterministic (fixed dates), and committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { labourRegulations } from './policies/labour-regulations.ts';
import { policyPdf } from './policies/layout.ts';
import { privacyPolicy } from './policies/privacy-policy.ts';

const out = join(import.meta.dirname, '..', 'public', 'policies');
mkdirSync(out, { recursive: true });
const documents = { 'privacy-policy': privacyPolicy, 'labour-regulations': labourRegulations } as const;
for (const [name, texts] of Object.entries(documents)) {
  for (const locale of ['fr', 'nl'] as const) {
    const file = join(out, `${name}-${locale}.pdf`);
    writeFileSync(file, await policyPdf(texts[locale], locale));
    console.log(`wrote ${file}`);
  }
}
