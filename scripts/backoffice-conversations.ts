/**
 * The conversation commands of the back-office CLI (scripts/backoffice.ts; docs/decisions/270-conversations.md): the
 * open conversations (the one waiting longest first), one conversation, a reply, answered or closed, erased at the
 * worker's request, an attachment saved. Their second word is a conversation id, not a worker's address.
 */
export const CONVERSATION_HELP = `  conversations [--all]                         the open conversations, the one waiting longest first, with what
                                                each is about (--all: closed ones too)
  conversation <id>                             one conversation, its messages in order
  reply <id> --text TEXT [--as NAME]            answer it (the worker is notified; mailed if still unread an hour later)
  conversation-status <id> answered|closed      mark it answered (nothing more to do now) or closed (done)
  erase-conversation <id>                       erase it with its messages and files (the worker asked)
  conversation-attachment <id> <attachment> [--out FILE]
                                                save an attachment (default: the name the server gives)
`;

export const CONVERSATION_COMMANDS = ['conversations', 'conversation', 'reply', 'conversation-status', 'erase-conversation', 'conversation-attachment'];

type Values = { [key: string]: string | boolean | string[] | undefined };
type Io = {
  out: (text: string) => void;
  send: (method: string, path: string, body: unknown) => Promise<number>;
  save: (path: string, out: string | undefined) => Promise<number>;
};

export async function runConversationCommand(positionals: string[], values: Values, io: Io): Promise<number> {
  const [command, id, attachment] = positionals;
  if (command === 'conversations') return io.send('GET', `/api/backoffice/conversations${values.all ? '?status=all' : ''}`, undefined);
  if (!id) {
    io.out('Which conversation? Give its id (as `conversations` lists it).');
    return 2;
  }
  const path = `/api/backoffice/conversations/${encodeURIComponent(id)}`;
  switch (command) {
    case 'conversation':
      return io.send('GET', path, undefined);
    case 'reply': {
      const text = values.text as string | undefined;
      if (!text) {
        io.out('What is the answer? Give it with --text.');
        return 2;
      }
      return io.send('POST', `${path}/reply`, values.as ? { text, authorName: values.as } : { text });
    }
    case 'conversation-status':
      return io.send('POST', `${path}/status`, { status: attachment });
    case 'erase-conversation':
      return io.send('POST', `${path}/erase`, {});
    default:
      if (!attachment) {
        io.out('Which attachment? Give its id (as `conversation` lists it).');
        return 2;
      }
      return io.save(`${path}/attachments/${encodeURIComponent(attachment)}`, values.out as string | undefined);
  }
}
