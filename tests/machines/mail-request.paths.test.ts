import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { mailRequestMachine, type MailKind } from '../../machines/mail-request.machine.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { MAIL_EMAIL, mailRequestFixtures, mailRequestKey, mailRequestExpected as expected } from './fixtures/auth-forms.ts';

type M = typeof mailRequestMachine;
const EMAIL = MAIL_EMAIL;
const fixtures = mailRequestFixtures;
const key = mailRequestKey;
const ACTIONS = ['notify'] as const;
const harness = () => createHarness(mailRequestMachine, { actors: ['sendMail'], actions: ACTIONS });
const pathsByKind = MODELS['mail-request'].runs().map(({ input, paths }) => ({ kind: input.kind, paths }));
const TOAST: Record<MailKind, string> = { passwordReset: 'auth_resetPasswordStarted', emailValidation: 'auth_emailValidationSent' };

function check(actual: SnapshotFrom<M>, _e: unknown, h: Harness<M, (typeof ACTIONS)[number]>, event: { type: string }) {
  const kind = actual.context.kind;
  if (event.type === 'mail.request') expect(h.deferred.inputsOf('sendMail').at(-1)).toEqual({ kind, email: EMAIL });
  if (event.type === 'xstate.done.actor.sendMail') expect(h.paramsOf('notify').at(-1)).toEqual({ type: 'success', msg: TOAST[kind] });
}

describe('mail request machine: model-based paths (both kinds)', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(mailRequestMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(
    mailRequestMachine,
    pathsByKind.flatMap((k) => k.paths),
  );
  const walked = pathsByKind.flatMap((k) => k.paths);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { kind, paths } of pathsByKind) {
    it.each(paths.map((p) => [pathTitle(expected, p, { kind }), p] as const))(`${kind}: %s`, async (_, path) => {
      await executePath(path, { harness, input: { kind }, key, expected, check });
    });
  }
});

describe('mail request machine: journeys', () => {
  it('the change-password button sends no e-mail (the server knows the account) and can be pressed again', async () => {
    const h = harness();
    h.start({ kind: 'passwordReset' });
    await h.exec({ type: 'mail.request' });
    expect(h.snapshot().hasTag('busy')).toBe(true);
    expect(h.snapshot().can({ type: 'mail.request' })).toBe(false);
    await h.exec({ type: 'xstate.done.actor.sendMail', output: undefined });
    await h.exec({ type: 'mail.request' });
    await h.exec({ type: 'xstate.error.actor.sendMail', error: INTERNAL_ERROR });
    expect(h.snapshot().value).toBe('failed');
    expect(h.deferred.inputsOf('sendMail')).toEqual([
      { kind: 'passwordReset', email: null },
      { kind: 'passwordReset', email: null },
    ]);
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_resetPasswordStarted' }]);
  });
});
