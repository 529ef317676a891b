-- Offers of work (docs/decisions/190-offers-exactly-once.md): the agency proposes shifts to approved workers, a worker
-- takes a place and the shifts become their missions. Independent of any other migration.

-- The gross hourly wage of a mission in euro cents; NULL when unknown (missions planned directly). Another branch adds
-- the same column with the same definition, hence IF NOT EXISTS.
ALTER TABLE missions ADD COLUMN IF NOT EXISTS hourly_wage_cents integer;

CREATE TABLE offers (
  id                 text PRIMARY KEY,
  reference          text NOT NULL,
  job                text NOT NULL,
  short_location     text NOT NULL,
  location1          text NOT NULL DEFAULT '',
  location2          text NOT NULL DEFAULT '',
  hourly_wage_cents  integer NOT NULL CHECK (hourly_wage_cents > 0),
  briefing           text NOT NULL DEFAULT '',
  places             integer NOT NULL CHECK (places >= 1),
  -- The places given so far: only ever raised by a conditional UPDATE (places_taken < places), so the CHECK is a
  -- second line of defence, not the mechanism.
  places_taken       integer NOT NULL DEFAULT 0 CHECK (places_taken >= 0 AND places_taken <= places),
  answer_by          timestamptz NOT NULL,
  created_at         timestamptz NOT NULL,
  filled_at          timestamptz,
  withdrawn_at       timestamptz
);

-- The shifts, in order; a shift's end at or before its start is on the next day.
CREATE TABLE offer_shifts (
  offer_id    text NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  position    smallint NOT NULL,
  day         date NOT NULL,
  start_time  text NOT NULL,
  end_time    text NOT NULL,
  PRIMARY KEY (offer_id, position)
);

-- Who the offer was sent to, and each one's answer (one row per worker: one answer each).
CREATE TABLE offer_recipients (
  offer_id        text NOT NULL REFERENCES offers (id) ON DELETE CASCADE,
  worker_id       text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  sent_at         timestamptz NOT NULL,
  answer          text CHECK (answer IN ('accepted', 'declined')),
  answered_at     timestamptz,
  decline_reason  text,
  PRIMARY KEY (offer_id, worker_id)
);
CREATE INDEX offer_recipients_worker ON offer_recipients (worker_id);

-- A mission made from an offer remembers which offer and which shift. One mission per (offer, shift, worker): even a
-- bug that ran an acceptance twice could not give the same worker the same shift twice.
ALTER TABLE missions ADD COLUMN offer_id text REFERENCES offers (id);
ALTER TABLE missions ADD COLUMN offer_shift smallint;
CREATE UNIQUE INDEX missions_one_per_offer_shift ON missions (offer_id, offer_shift, worker_id) WHERE offer_id IS NOT NULL;
