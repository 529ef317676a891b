import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { conversationMachine } from '../../machines/conversation.machine.ts';
import { canEdit, conversationOf, draftOf, failureOf, filesOf, isOffline, problemOf, sendFailed } from '../../machines/conversation.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  CONVERSATION,
  NO_ANSWER,
  PAYSLIP,
  PHOTO,
  SENT,
  STARTED,
  TEXT,
  TOO_LONG,
  conversationExpected as expected,
  conversationFixtures as fixtures,
  conversationKey as key,
} from './fixtures/conversation.ts';

type M = typeof conversationMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['storeDraft', 'markRead', 'showStarted'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(conversationMachine, { actors: ['loadConversation', 'sendMessage'], actions: ACTIONS });
const pathsByInput = MODELS.conversation.runs();

function check(actual: Snap, before: Snap, h: Harness<M, Action>, event: { type: string }) {
  // Nothing typed is lost: the draft and files change only by the worker's hand or once the server has the message.
  if (!['conversation.type', 'conversation.attach', 'conversation.remove', 'xstate.done.actor.sendMessage'].includes(event.type)) {
    expect([draftOf(actual), filesOf(actual)]).toEqual([draftOf(before), filesOf(before)]);
  }
  // What is sent is exactly what the field holds.
  if (actual.matches('sending') && !before.matches('sending')) {
    expect(h.deferred.inputsOf('sendMessage').at(-1)).toMatchObject({ text: draftOf(before), files: filesOf(before) });
  }
  // Every change of the text is kept for the tab, and the emptied draft after a send forgets it.
  if (event.type === 'conversation.type' && canEdit(before)) expect(h.spies.storeDraft).toHaveBeenCalled();
  // A reply not read is marked read once per read of the conversation; a new conversation has nothing to mark.
  const loads = h.deferred.calls.filter((c) => c.src === 'loadConversation' && c.settled).length;
  expect(h.spies.markRead.mock.calls.length).toBeLessThanOrEqual(loads);
  if (actual.context.conversationId === null) expect(h.spies.showStarted).not.toHaveBeenCalled();
  if (problemOf(actual) !== null) expect(actual.matches('composing')).toBe(true);
  if (failureOf(actual) !== null) expect(sendFailed(actual)).toBe(true);
}

describe('conversation machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(conversationMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = pathsByInput.flatMap((p) => p.paths);
  const coverage = coverageOf(conversationMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of pathsByInput) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('conversation machine: journeys with fixed end states', () => {
  const existing = { conversationId: CONVERSATION.id, about: null };

  it('a reply not read is marked read on opening; a message sent shows at the end and the draft is forgotten', async () => {
    const h = harness();
    h.start(existing);
    await h.exec({ type: 'xstate.done.actor.loadConversation', output: { conversation: { ...CONVERSATION, unread: true }, subject: null, draft: '' } });
    expect(h.spies.markRead).toHaveBeenCalledTimes(1);
    await h.exec({ type: 'conversation.type', text: TEXT });
    await h.exec({ type: 'conversation.attach', files: [PHOTO] });
    await h.exec({ type: 'conversation.send' });
    expect(h.deferred.inputsOf('sendMessage')).toEqual([{ conversationId: CONVERSATION.id, about: null, text: TEXT, files: [PHOTO] }]);
    await h.exec({ type: 'xstate.done.actor.sendMessage', output: { message: SENT } });
    expect(h.snapshot().value).toBe('reading');
    expect(conversationOf(h.snapshot())?.messages.at(-1)).toEqual(SENT);
    expect([draftOf(h.snapshot()), filesOf(h.snapshot())]).toEqual(['', []]);
    expect(h.spies.storeDraft).toHaveBeenCalledTimes(2);
  });

  it('a send with no answer waits offline with the draft, and goes again, the same, once online', async () => {
    const h = harness();
    h.start(existing);
    await h.exec({ type: 'xstate.done.actor.loadConversation', output: { conversation: CONVERSATION, subject: null, draft: '' } });
    await h.exec({ type: 'conversation.type', text: TEXT });
    await h.exec({ type: 'conversation.send' });
    await h.exec({ type: 'xstate.error.actor.sendMessage', error: NO_ANSWER });
    expect([isOffline(h.snapshot()), draftOf(h.snapshot())]).toEqual([true, TEXT]);
    await h.exec({ type: 'conversation.online' });
    const sends = h.deferred.inputsOf('sendMessage');
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
  });

  it('a refused send keeps the draft and says so; a text too long or nothing at all is not sent', async () => {
    const h = harness();
    h.start(existing);
    await h.exec({ type: 'xstate.done.actor.loadConversation', output: { conversation: CONVERSATION, subject: null, draft: '' } });
    await h.exec({ type: 'conversation.type', text: TOO_LONG });
    await h.exec({ type: 'conversation.send' });
    expect([problemOf(h.snapshot()), h.deferred.inputsOf('sendMessage')]).toEqual(['conversation_textTooLong', []]);
    await h.exec({ type: 'conversation.type', text: '   ' });
    await h.exec({ type: 'conversation.send' });
    expect(problemOf(h.snapshot())).toBe('conversation_textEmpty');
    await h.exec({ type: 'conversation.type', text: TEXT });
    await h.exec({ type: 'conversation.send' });
    await h.exec({ type: 'xstate.error.actor.sendMessage', error: INTERNAL_ERROR });
    expect([sendFailed(h.snapshot()), failureOf(h.snapshot()), draftOf(h.snapshot())]).toEqual([true, 'internal_error', TEXT]);
  });

  it('a new conversation about a payslip shows it, and its first message starts it', async () => {
    const h = harness();
    h.start({ conversationId: null, about: { kind: 'document', id: PAYSLIP.id } });
    expect(h.deferred.inputsOf('loadConversation')).toEqual([{ conversationId: null, about: { kind: 'document', id: PAYSLIP.id } }]);
    await h.exec({ type: 'xstate.done.actor.loadConversation', output: { conversation: null, subject: PAYSLIP, draft: '' } });
    expect(h.snapshot().context.subject).toEqual(PAYSLIP);
    await h.exec({ type: 'conversation.type', text: TEXT });
    await h.exec({ type: 'conversation.send' });
    await h.exec({ type: 'xstate.done.actor.sendMessage', output: { started: STARTED } });
    expect(h.snapshot().context.conversationId).toBe(STARTED.id);
    expect(h.spies.showStarted).toHaveBeenCalledTimes(1);
  });

  it('a draft kept from before opens the composer with it', async () => {
    const h = harness();
    h.start(existing);
    await h.exec({ type: 'xstate.done.actor.loadConversation', output: { conversation: CONVERSATION, subject: null, draft: TEXT } });
    expect([h.snapshot().value, draftOf(h.snapshot())]).toEqual(['composing', TEXT]);
  });
});
