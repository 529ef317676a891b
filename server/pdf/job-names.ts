/**
 * The jobs of the agency as the worker reads them in a document (docs/decisions/137-documents-in-the-worker-language.md): the contract and the
 * lists carry a job identifier (`hostess`, `waiter`…), printed in the worker's language. A job this table does
 * not know yet is printed from its identifier (dashes and underscores as spaces, first letter capital) rather
 * than failing the document: the agency adds it here and to messages/*.json (`pdf_job*`).
 */
import type { Locale } from '#domain/api-schema.ts';
import { t } from '../i18n.ts';

const JOB_KEYS: Readonly<Record<string, string>> = {
  bartender: 'pdf_jobBartender',
  desk: 'pdf_jobDesk',
  hostess: 'pdf_jobHostess',
  steward: 'pdf_jobSteward',
  waiter: 'pdf_jobWaiter',
};

export function jobName(job: string, locale: Locale): string {
  const key = Object.hasOwn(JOB_KEYS, job.toLowerCase()) ? JOB_KEYS[job.toLowerCase()] : undefined;
  if (key) return t(locale, key);
  const words = job.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : job;
}
