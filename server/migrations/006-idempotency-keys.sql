-- Safe retries (docs/decisions/210-safe-retries.md): the first successful answer to a request sent with an
-- Idempotency-Key, kept for a day so that a repeat of that very request is answered the same without being done
-- again. Written in the same transaction as the request's own changes: both are there, or neither.
-- Nothing here is readable without the key, which only the client ever had: the row is found by an HMAC of it, the
-- request it answered is an HMAC of it, and the answer (which may hold personal data, a calendar address, a token)
-- is sealed with a key derived from it.
CREATE TABLE idempotency_keys (
  -- Whose key: 'worker:<id>' for a signed-in call, 'public' for a call without a session, 'backoffice'.
  scope text NOT NULL,
  key_id text NOT NULL,
  fingerprint text NOT NULL,
  status integer NOT NULL,
  sealed bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key_id)
);
-- The expired rows are deleted by age.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
