import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { registrationMachine } from '../../machines/registration.machine.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { apiError } from './fixtures/api.ts';
import { REGISTER_VALUES, registrationFixtures, registrationKey, registrationExpected as expected } from './fixtures/auth-forms.ts';

type M = typeof registrationMachine;
const VALUES = REGISTER_VALUES;
const fixtures = registrationFixtures;
const key = registrationKey;
const ACTIONS = ['notify', 'navigate'] as const;
const harness = () => createHarness(registrationMachine, { actors: ['register'], actions: ACTIONS });
const paths = MODELS.registration.runs()[0]!.paths;

function check(actual: SnapshotFrom<M>, _e: unknown, h: Harness<M, (typeof ACTIONS)[number]>, event: { type: string }) {
  expect(JSON.stringify(actual.context)).not.toContain(VALUES.password);
  if (event.type === 'registration.submit') expect(h.deferred.inputsOf('register').at(-1)).toEqual(VALUES);
  if (event.type === 'xstate.done.actor.register') {
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_registered' }]);
    expect(h.paramsOf('navigate')).toEqual([{ to: '/login' }]);
  } else expect(h.paramsOf('navigate')).toEqual([]);
}

describe('registration machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(registrationMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(registrationMachine, paths);
  const walked = paths;
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  it.each(paths.map((p) => [pathTitle(expected, p), p] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: undefined, key, expected, check });
  });
});

describe('registration machine: journeys', () => {
  it('an e-mail already taken, then another one: registered, toast, /login', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'registration.submit', values: VALUES });
    expect(h.snapshot().hasTag('busy')).toBe(true);
    await h.exec({ type: 'xstate.error.actor.register', error: apiError('email_already_exists', 'Existe déjà.') });
    expect(h.snapshot().value).toEqual({ editing: 'emailTaken' });
    await h.exec({ type: 'registration.submit', values: { ...VALUES, email: 'lotte.j@example.be' } });
    expect(h.snapshot().context.errorCode).toBeNull();
    await h.exec({ type: 'xstate.done.actor.register', output: undefined });
    expect(h.snapshot().value).toBe('registered');
    expect(h.snapshot().status).toBe('done');
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_registered' }]);
  });
});
