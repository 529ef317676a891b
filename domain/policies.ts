/**
 * The two policies of spec §2 (privacy policy, labour regulations), one PDF per interface language: written to
 * public/policies/ by scripts/generate-policies.ts, served under /policies/, linked from /policies and /documents.
 */
import type { Locale } from './api-schema.ts';

export const POLICY_DOCUMENTS = ['privacy-policy', 'labour-regulations'] as const;
export type PolicyDocument = (typeof POLICY_DOCUMENTS)[number];

/** The file name of a policy in a language, e.g. `privacy-policy-nl.pdf`. */
export const policyPdfFile = (document: PolicyDocument, locale: Locale): string => `${document}-${locale}.pdf`;

/** Where the portal serves it (a same-origin path). */
export const policyPdfPath = (document: PolicyDocument, locale: Locale): string => `/policies/${policyPdfFile(document, locale)}`;
