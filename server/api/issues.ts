/**
 * Field issues for 422 answers: from the contract's value checks (ajv) and from the domain's valibot rules,
 * both as validation_* message keys (domain/validation-keys.ts).
 */
import type { ErrorObject } from 'ajv';
import type * as v from 'valibot';
import { V, type ValidationKey } from '#domain/validation-keys.ts';
import type { OperationId } from './contract.ts';
import type { FieldIssue } from './errors.ts';

/** `/a/b/0` → `a.b.0`; flattened multipart keys (`mainAddress[zip]`) stay whole. */
export const pathOf = (instancePath: string): string =>
  instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');

/** What the contract's day patterns (IsoDate, OptionalIsoDate) have in common: a pattern error there is a bad date. */
const DATE_PATTERN_MONTHS = '\\d{2}-(0[1-9]|1[0-2])-';

export function issueFromAjv(e: ErrorObject, operationId: OperationId): FieldIssue {
  const path = pathOf(e.instancePath);
  const last = path.split('.').at(-1) ?? '';
  const key = ((): ValidationKey => {
    switch (e.keyword) {
      case 'minLength':
        if (e.data === '') return V.required;
        return /password/i.test(last) ? V.passwordMin : V.required;
      case 'maxLength':
        if (last === 'comment') return V.commentTooLong;
        if (operationId === 'contestHours' || operationId === 'backofficeResolveHours') return V.hoursTextTooLong;
        return /password/i.test(last) ? V.passwordMax : V.tooLong;
      case 'format':
        return e.params.format === 'email' ? V.email : V.date;
      case 'pattern':
        if (String(e.params.pattern).includes(':[0-5]')) return V.time;
        if (String(e.params.pattern).includes(DATE_PATTERN_MONTHS)) return V.date;
        return V.choice;
      case 'const':
        return e.params.allowedValue === true ? V.policyRequired : V.choice;
      case 'minItems':
        return operationId === 'markForSigning' ? V.signingSelection : V.required;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'multipleOf':
        return V.outOfRange;
      case 'maxItems':
        return V.tooLong;
      default:
        return V.choice;
    }
  })();
  return { path, key };
}

/** The first issue per path wins; `preferred` (domain rules) before `others` (contract). */
export function mergeIssues(preferred: FieldIssue[], others: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of [...preferred, ...others]) {
    if (seen.has(issue.path)) continue;
    seen.add(issue.path);
    out.push(issue);
  }
  return out;
}

/** valibot issues → field issues; `name` turns a nested path (['mainAddress','zip']) into the field name. */
export function issuesFromValibot(issues: readonly v.BaseIssue<unknown>[] | undefined, name: (path: string[]) => string): FieldIssue[] {
  return (issues ?? []).map((issue) => ({
    path: name((issue.path ?? []).map((item) => String(item.key))),
    key: issue.message.startsWith('validation_') ? issue.message : V.choice,
  }));
}

/** ['mainAddress', 'zip'] → 'mainAddress[zip]' (the wizard's flattened keys). */
export const bracketName = (path: string[]): string =>
  path.length === 0
    ? ''
    : path[0] +
      path
        .slice(1)
        .map((p) => `[${p}]`)
        .join('');
