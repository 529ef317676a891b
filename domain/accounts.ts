/**
 * Who an account is, for the pages and the operations of requirements §6: a new account (its file not approved yet)
 * and a freelancer are refused some of them. The access table (machines/page-access.ts) refuses pages with these
 * facts and the server's guards (server/api/guards.ts) refuse operations with them;
 * tests/server/guards-and-page-access.test.ts reads the two together, for every page and account.
 */
import type { ErrorCode } from './api-schema.ts';
import { Statute } from './enums.ts';

/** The accounts refused some pages and operations. */
export type Audience = 'newAccount' | 'freelancer';
export type Account = Readonly<Record<Audience, boolean>>;

/** The account of a worker, from what the general info, a stored sign-in or the worker's row says of it. */
export const accountOf = (facts: { newAccount: boolean; statute: number | null }): Account => ({
  newAccount: facts.newAccount,
  freelancer: facts.statute === Statute.Freelance,
});

/** The error the server answers (403) an operation refused to an audience. */
export const REFUSED_WITH = { newAccount: 'account_not_approved', freelancer: 'freelance_not_allowed' } as const satisfies Record<Audience, ErrorCode>;
