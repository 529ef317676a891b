/**
 * One conversation with the agency, or a new one (/conversations/<id>, /conversations/new?kind=&id=;
 * docs/decisions/270-conversations.md, 272-conversation-drafts.md).
 *
 * loading → reading (the messages, what it is about) → composing (a text, photos or a PDF) → sending → reading with the
 * message at the end. A send that fails is `failed` (the server's reason said; retry sends it again), one that got no
 * answer at all is `offline` (sent again as soon as the browser is back online, or on retry). A read that failed is
 * `loadFailed` (retry).
 *
 * Invariants
 * - Nothing typed is lost: the draft and the chosen files stay through `sending`, `failed` and `offline`, and are
 *   forgotten only when the server has the message (`keepSent`). Every change of the text is given to the app to keep
 *   for this tab (`storeDraft`); a draft kept from before opens the page in `composing`.
 * - A send repeats the same request (the same text and files): the API client gives it the same Idempotency-Key, so a
 *   repeat after a lost answer makes one message (decision 210).
 * - Nothing is sent that the server would refuse for its length, its emptiness or its number of files
 *   (`messageProblem` of domain/conversations.ts): the reason is said under the field instead.
 * - A conversation opened with a reply not read is marked read (`markRead`), once per load.
 *
 * Input: `{ conversationId, about }` (conversation.types.ts).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/conversation.md, decision 070); named implementations
 * read the event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assign, setup } from 'xstate';
import { CONVERSATION_ATTACHMENTS_MAX, messageProblem } from '#domain/conversations.ts';
import { errorCodeOf, errorOf, eventOf, notProvided, notProvidedAction, outputOf } from './invokes.ts';
import {
  afterSend,
  type ConversationContext,
  type ConversationEvent,
  type ConversationInput,
  type ConversationLoaded,
  type SendInput,
  type SendOutcome,
} from './conversation.types.ts';

/** The API client's code for a call that got no answer at all (src/api/errors.ts `network_error`). */
const NO_ANSWER = 'network_error';

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
    tags: {} as 'busy',
    children: {} as { loadConversation: 'loadConversation'; sendMessage: 'sendMessage' },
  },
  actors: {
    /** GET /user/me/conversations/{id}, or for a new one about a thing GET /user/me/conversation-subjects/{kind}/{id}. Input `{ conversationId, about }`. Output `ConversationLoaded` (with the draft kept for this tab, read as the load ends). */
    loadConversation: notProvided<ConversationLoaded, Pick<SendInput, 'conversationId' | 'about'>>('loadConversation'),
    /** POST /user/me/conversations (a new one) or /user/me/conversations/{id}/messages, multipart, the photos prepared as the certificate's. Input `SendInput`. Output `SendOutcome`. Fails with the ApiError (`network_error` when nothing answered). */
    sendMessage: notProvided<SendOutcome, SendInput>('sendMessage'),
  },
  actions: {
    /** Provided by the app: keeps the draft's text for this tab (`''` forgets it). Reads the context. */
    storeDraft: notProvidedAction('storeDraft'),
    /** Provided by the app: POST /user/me/conversations/{id}/read, and the menu's count. Reads the context. */
    markRead: notProvidedAction('markRead'),
    /** Provided by the app: a new conversation was started: the page's address becomes its own. Reads the context. */
    showStarted: notProvidedAction('showStarted'),
    /** Keeps what was read, and the draft kept for this tab. */
    keepLoaded: assign(({ event }) => {
      const loaded = outputOf<ConversationLoaded>(event, 'loadConversation');
      return { conversation: loaded.conversation, subject: loaded.conversation?.subject ?? loaded.subject, draft: loaded.draft };
    }),
    /** Keeps the text of a `conversation.type` event; the reason it could not go is said again only on the next send. */
    keepText: assign({ draft: ({ event }) => eventOf(event, 'conversation.type').text, problem: null }),
    /** Adds the chosen files, up to the number a message may carry. */
    keepFiles: assign({
      files: ({ context, event }) => [...context.files, ...eventOf(event, 'conversation.attach').files].slice(0, CONVERSATION_ATTACHMENTS_MAX),
      problem: null,
    }),
    /** Removes the file at the event's index. */
    dropFile: assign({
      files: ({ context, event }) => context.files.filter((_, i) => i !== eventOf(event, 'conversation.remove').index),
      problem: null,
    }),
    /** Says why the draft cannot go as it is (too long, empty). */
    flagProblem: assign({ problem: ({ context }) => messageProblem(context.draft, context.files.length) }),
    /** The server has the message: it shows at the end, the draft and files are forgotten. */
    keepSent: assign(({ context, event }) => {
      const conversation = afterSend(context.conversation, outputOf<SendOutcome>(event, 'sendMessage'));
      return { conversation, conversationId: conversation?.id ?? context.conversationId, draft: '', files: [], problem: null, failure: null };
    }),
    /** Keeps the code of the send's refusal (said with the draft still there). */
    keepFailure: assign({ failure: ({ event }) => errorCodeOf(errorOf(event, 'sendMessage')) }),
    /** Forgets the refusal (the worker tries again or changes the message). */
    forgetFailure: assign({ failure: null }),
  },
  guards: {
    /** A draft was kept from before: the page opens with it in the field. */
    hasDraft: ({ context }) => context.draft !== '',
    /** The conversation was opened with a reply not read yet. */
    isUnread: ({ event }) => outputOf<ConversationLoaded>(event, 'loadConversation').conversation?.unread === true,
    /** The draft can go: some text or a file, the text within its length, the files within their number. */
    sendable: ({ context }) => messageProblem(context.draft, context.files.length) === null,
    /** The send got no answer at all (offline, the connection dropped). */
    noAnswer: ({ event }) => errorCodeOf(errorOf(event, 'sendMessage')) === NO_ANSWER,
    /** A file is chosen (one can be removed). */
    hasFile: ({ context }) => context.files.length > 0,
    /** The send started the conversation (it had no id before). */
    started: ({ event }) => 'started' in outputOf<SendOutcome>(event, 'sendMessage'),
  },
}).createMachine({
  id: 'conversation',
  description: 'One conversation with the agency (or a new one): reading it, writing and sending a message.',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    about: input.about,
    conversation: null,
    subject: null,
    draft: '',
    files: [],
    problem: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the conversation (or, for a new one, the thing it is about).',
      tags: ['busy'],
      invoke: {
        id: 'loadConversation',
        src: 'loadConversation',
        input: ({ context }) => ({ conversationId: context.conversationId, about: context.about }),
        onDone: [
          { guard: 'isUnread', target: 'deciding', actions: ['keepLoaded', 'markRead'], description: 'A reply not read: opening it reads it.' },
          { target: 'deciding', actions: 'keepLoaded' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The conversation could not be read (or is not the worker’s); retry reads it again.',
      on: { 'conversation.retry': 'loading' },
    },
    deciding: {
      description: 'Transient: a draft kept from before opens the composer with it; otherwise the conversation is read.',
      always: [{ guard: 'hasDraft', target: 'composing' }, { target: 'reading' }],
    },
    reading: {
      description: 'The messages in order and what the conversation is about; nothing typed yet.',
      on: {
        'conversation.type': { target: 'composing', actions: ['keepText', 'storeDraft'] },
        'conversation.attach': { target: 'composing', actions: 'keepFiles' },
      },
    },
    composing: {
      description: 'A message being written: its text, its files, and why it cannot go yet if it cannot.',
      on: {
        'conversation.type': { actions: ['keepText', 'storeDraft'] },
        'conversation.attach': { actions: 'keepFiles' },
        'conversation.remove': { guard: 'hasFile', actions: 'dropFile' },
        'conversation.send': [
          { guard: 'sendable', target: 'sending' },
          { actions: 'flagProblem', description: 'Too long or empty: said under the field, nothing sent.' },
        ],
      },
    },
    sending: {
      description: 'The message is on its way; the draft stays in the field, read-only, until the server has it.',
      tags: ['busy'],
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ context }) => ({ conversationId: context.conversationId, about: context.about, text: context.draft, files: context.files }),
        onDone: [
          { guard: 'started', target: 'handedOver', actions: ['keepSent', 'storeDraft', 'showStarted'], description: 'The first message started it.' },
          { target: 'reading', actions: ['keepSent', 'storeDraft'] },
        ],
        onError: [
          { guard: 'noAnswer', target: 'offline', description: 'Nothing answered: the same send goes again once online.' },
          { target: 'failed', actions: 'keepFailure' },
        ],
      },
    },
    handedOver: {
      description:
        'The first message started the conversation: its own page (/conversations/<id>) replaces this one, which shows what was sent and takes nothing more (text typed in a page that is leaving would belong to neither).',
    },
    failed: {
      description: 'The server refused or failed the message; the draft is kept: retry sends it again, or change it.',
      on: {
        'conversation.retry': { target: 'sending', actions: 'forgetFailure' },
        'conversation.type': { target: 'composing', actions: ['keepText', 'storeDraft', 'forgetFailure'] },
        'conversation.remove': { guard: 'hasFile', target: 'composing', actions: ['dropFile', 'forgetFailure'] },
      },
    },
    offline: {
      description: 'The send got no answer (no network); the draft is kept and goes again once the browser is online.',
      on: {
        'conversation.online': { target: 'sending', description: 'Back online: the same send again (its same key).' },
        'conversation.retry': 'sending',
        'conversation.type': { target: 'composing', actions: ['keepText', 'storeDraft'] },
      },
    },
  },
});
