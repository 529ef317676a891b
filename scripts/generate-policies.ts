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
import { LOCALES } from '#domain/constants.ts';
import { POLICY_DOCUMENTS, policyPdfFile, type PolicyDocument } from '#domain/policies.ts';

const out = join(import.meta.dirname, '..', 'public', 'policies');
mkdirSync(out, { recursive: true });
const texts: Record<PolicyDocument, typeof privacyPolicy> = { 'privacy-policy': privacyPolicy, 'labour-regulations': labourRegulations };
for (const document of POLICY_DOCUMENTS) {
  for (const locale of LOCALES) {
    const file = join(out, policyPdfFile(document, locale));
    writeFileSync(file, await policyPdf(texts[document][locale], locale));
    console.log(`wrote ${file}`);
  }
}
