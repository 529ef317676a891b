-- §12, §13: the agency's changes reach the worker (a sequence, a status and a history per mission) and the planning
-- lives in the worker's own calendar (a subscribable, revocable feed). Independent of any other migration.

-- SEQUENCE of the mission's VEVENT: goes up by one with each change the agency makes.
ALTER TABLE missions ADD COLUMN sequence integer NOT NULL DEFAULT 0;
-- A cancelled mission stays (in the planning, and in the feed as STATUS:CANCELLED); it cannot be signed.
ALTER TABLE missions ADD COLUMN status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'cancelled'));
-- The last change (LAST-MODIFIED); null until the first one, when created_at stands for it.
ALTER TABLE missions ADD COLUMN updated_at timestamptz;

-- Every change of a mission, as it was told to the worker: the fields with their old and new values.
CREATE TABLE mission_changes (
  id          text PRIMARY KEY,
  mission_id  text NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  sequence    integer NOT NULL,                      -- the mission's sequence after this change
  kind        text NOT NULL CHECK (kind IN ('changed', 'cancelled')),
  changes     jsonb NOT NULL,                        -- [{ field, from, to }]
  changed_at  timestamptz NOT NULL,
  UNIQUE (mission_id, sequence)
);

-- Calendar feeds: only the SHA-256 of the secret is kept, like session tokens (docs/decisions/110-calendar-feed.md).
-- At most one active feed per worker; a revoked one stays for the record and answers 404.
CREATE TABLE calendar_feeds (
  secret_hash      text PRIMARY KEY,
  worker_id        text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  created_at       timestamptz NOT NULL,
  revoked_at       timestamptz,
  last_fetched_at  timestamptz
);
CREATE UNIQUE INDEX calendar_feeds_one_active ON calendar_feeds (worker_id) WHERE revoked_at IS NULL;
