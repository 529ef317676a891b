/**
 * A machine file declares no copy of what the shared core exports (docs/decisions/229-machines-read-the-core.md):
 * the rule `local/no-core-copy` fails on a constant, a rule or a list of error codes written again in machines/,
 * by name or, for the limits moved into the core, by value; and stays quiet on a machine's own constants.
 */
import { describe, expect, it } from 'vitest';
import { problemsOf } from './lint-sample.ts';

const copies = (code: string) => problemsOf('local/no-core-copy', 'machines/x.machine.ts', code);

describe('machines copy nothing of the core', () => {
  it.each([
    ['export const OFFER_DECLINE_REASON_MAX = 500;', 'OFFER_DECLINE_REASON_MAX is exported by domain/offers.ts'],
    ['const canBeTaken = (offer: unknown) => offer !== null;', 'canBeTaken is exported by domain/offers.ts'],
    ['export function studentQuota() { return 650; }', 'studentQuota is exported by domain/hours.ts'],
    ['const REASON_LIMIT = 500;', "The literal 500 is the core's OFFER_DECLINE_REASON_MAX (domain/offers.ts)"],
    ['export const FIRST_MONTH = { year: 2000, month: 1 };', "The literal 2000 is the core's API_YEAR_MIN (domain/constants.ts)"],
    ['const LAST = [{ year: 2100 }] as const;', "The literal 2100 is the core's API_YEAR_MAX (domain/constants.ts)"],
    ["const REFUSALS = ['hours_changed', 'not_found'];", "A list of the contract's error codes written out"],
    ["const FINAL = ['absence_mission_ended', 'absence_already_reported'] as const;", "A list of the contract's error codes written out"],
  ])('fails %s', async (line, message) => {
    const problems = await copies(`${line}\nexport const used = 1;`);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join('\n')).toContain(message);
  });

  it('the copy removed from machines/offer.types.ts is caught twice: by its name and by its value', async () => {
    expect(await copies('export const OFFER_DECLINE_REASON_MAX = 500;')).toHaveLength(2);
  });

  it("passes a machine's own constants, one error code, a list of other words, and the core's names imported", async () => {
    const code = [
      "import { OFFER_DECLINE_REASON_MAX } from '#domain/offers.ts';",
      "import type { ErrorCode } from '#domain/api-schema.ts';",
      'const STEP_MS = 60_000;',
      "const ANSWERS = ['acceptOffer', 'declineOffer'] as const;",
      "const CHANGED: readonly ErrorCode[] = ['not_found'];",
      'const limit = () => OFFER_DECLINE_REASON_MAX;',
      'export const used = [STEP_MS, ANSWERS, CHANGED, limit];',
    ].join('\n');
    expect(await copies(code)).toEqual([]);
  });

  it('applies to machines/ only: the core itself and the app are free to name their own', async () => {
    expect(await problemsOf('local/no-core-copy', 'src/features/offers/x.ts', 'export const OFFER_DECLINE_REASON_MAX = 500;')).toEqual([]);
  });
});
