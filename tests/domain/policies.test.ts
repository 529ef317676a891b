// The policy addresses the portal links to are the files scripts/generate-policies.ts writes and the server serves.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#domain/constants.ts';
import { POLICY_DOCUMENTS, policyPdfPath } from '#domain/policies.ts';

describe('policyPdfPath', () => {
  it('names a file of public/ for each policy in each language', () => {
    const paths = POLICY_DOCUMENTS.flatMap((document) => LOCALES.map((locale) => policyPdfPath(document, locale)));
    expect(paths).toEqual([
      '/policies/privacy-policy-fr.pdf',
      '/policies/privacy-policy-nl.pdf',
      '/policies/labour-regulations-fr.pdf',
      '/policies/labour-regulations-nl.pdf',
    ]);
    for (const path of paths) expect(existsSync(join(process.cwd(), 'public', path)), path).toBe(true);
  });
});
