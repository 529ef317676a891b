-- Conversations between a worker and the agency (docs/decisions/270-conversations.md), kept as
-- docs/decisions/271-conversation-privacy.md says (purged on the clock; erased on request). Independent of any other
-- migration.
CREATE TABLE conversations (
  id                  text PRIMARY KEY,
  worker_id           text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  -- What it is about, as it was when asked (a snapshot: the date, reference and amount the worker saw); none: null.
  subject_kind        text CHECK (subject_kind IN ('mission', 'offer', 'hoursDay', 'absence', 'document')),
  subject_id          text,
  subject             jsonb,
  status              text NOT NULL CHECK (status IN ('waiting', 'answered', 'closed')),
  started_at          timestamptz NOT NULL,
  last_message_at     timestamptz NOT NULL,
  -- The worker's first message the agency has not answered yet (the back-office's order); null when not waiting.
  waiting_since       timestamptz,
  -- The agency's first reply the worker has not read; null when everything is read.
  unread_since        timestamptz,
  -- The unread reply the mail was sent for: one mail per unread reply, however many scans find it.
  reply_mailed_for    timestamptz,
  closed_at           timestamptz,
  CHECK ((subject_kind IS NULL) = (subject_id IS NULL) AND (subject_kind IS NULL) = (subject IS NULL)),
  CHECK ((status = 'waiting') = (waiting_since IS NOT NULL))
);
CREATE INDEX conversations_worker ON conversations (worker_id, last_message_at DESC);
CREATE INDEX conversations_waiting ON conversations (waiting_since) WHERE status = 'waiting';
CREATE INDEX conversations_unread ON conversations (unread_since) WHERE unread_since IS NOT NULL;
CREATE INDEX conversations_last ON conversations (last_message_at);

CREATE TABLE conversation_messages (
  id               text PRIMARY KEY,
  conversation_id  text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  seq              bigserial,                       -- the order they were written in (several in one instant)
  author           text NOT NULL CHECK (author IN ('worker', 'agency')),
  author_name      text NOT NULL,
  body             text NOT NULL,
  sent_at          timestamptz NOT NULL
);
CREATE INDEX conversation_messages_order ON conversation_messages (conversation_id, seq);

-- A photo or PDF sent with a message, as stored: checked and stripped of metadata as a certificate is
-- (docs/decisions/202-certificate-files.md).
CREATE TABLE conversation_attachments (
  id               text PRIMARY KEY,
  message_id       text NOT NULL REFERENCES conversation_messages (id) ON DELETE CASCADE,
  conversation_id  text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  position         smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  name             text NOT NULL,
  media_type       text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  bytes            bytea NOT NULL,
  sha256           text NOT NULL,
  UNIQUE (message_id, position)
);
CREATE INDEX conversation_attachments_conversation ON conversation_attachments (conversation_id);
