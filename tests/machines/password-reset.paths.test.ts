import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { NEW_PASSWORD, RESET_TOKEN, passwordResetFixtures, passwordResetKey, passwordResetExpected as expected } from './fixtures/auth-forms.ts';

type M = typeof passwordResetMachine;
const TOKEN = RESET_TOKEN;
const PASSWORD = NEW_PASSWORD;
const fixtures = passwordResetFixtures;
const key = passwordResetKey;
const ACTIONS = ['notify', 'passwordChanged', 'navigate'] as const;
const harness = () => createHarness(passwordResetMachine, { actors: ['validateToken', 'updatePassword'], actions: ACTIONS });
const paths = MODELS['password-reset'].runs()[0]!.paths;

function check(actual: SnapshotFrom<M>, _e: unknown, h: Harness<M, (typeof ACTIONS)[number]>, event: { type: string }) {
  expect(JSON.stringify(actual.context)).not.toContain(PASSWORD);
  if (event.type === 'xstate.init') expect(h.deferred.inputsOf('validateToken')).toEqual([{ token: TOKEN }]);
  if (event.type === 'passwordReset.submit') expect(h.deferred.inputsOf('updatePassword').at(-1)).toEqual({ token: TOKEN, password: PASSWORD });
  if (event.type === 'xstate.done.actor.updatePassword') {
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_passwordUpdated' }]);
    expect(h.spies.passwordChanged).toHaveBeenCalledTimes(1);
    expect(h.spies.passwordChanged.mock.invocationCallOrder[0]).toBeLessThan(h.spies.navigate.mock.invocationCallOrder[0]!);
    expect(h.paramsOf('navigate')).toEqual([{ to: '/login?passwordEdited' }]);
  } else expect(h.spies.passwordChanged).not.toHaveBeenCalled();
}

describe('password reset machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(passwordResetMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(passwordResetMachine, paths);
  const walked = paths;
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  it.each(paths.map((p) => [pathTitle(expected, p), p] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: { token: TOKEN }, key, expected, check });
  });
});

describe('password reset machine: journeys', () => {
  it('a used link is said so, never shows the form', async () => {
    const h = harness();
    h.start({ token: TOKEN });
    await h.exec({ type: 'xstate.done.actor.validateToken', output: false });
    expect(h.snapshot().value).toBe('tokenInvalid');
    expect(h.snapshot().can({ type: 'passwordReset.submit', password: PASSWORD })).toBe(false);
  });

  it('a failed update keeps the form; the second try changes the password and goes to the login with the banner', async () => {
    const h = harness();
    h.start({ token: TOKEN });
    await h.exec({ type: 'xstate.done.actor.validateToken', output: true });
    await h.exec({ type: 'passwordReset.submit', password: PASSWORD });
    await h.exec({ type: 'xstate.error.actor.updatePassword', error: INTERNAL_ERROR });
    expect(h.snapshot().value).toEqual({ editing: 'failed' });
    await h.exec({ type: 'passwordReset.submit', password: PASSWORD });
    await h.exec({ type: 'xstate.done.actor.updatePassword', output: undefined });
    expect(h.snapshot().value).toBe('updated');
    expect(h.paramsOf('navigate')).toEqual([{ to: '/login?passwordEdited' }]);
  });
});
