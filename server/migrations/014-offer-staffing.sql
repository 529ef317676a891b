-- Offers as agencies run them (docs/decisions/260-two-ways-to-staff.md, 261-waitlist.md, 262-give-back.md): a way
-- to staff each offer, applications, a waitlist in order, places given back with a reason, applications and
-- waitlist places set aside when the worker takes an overlapping offer. Independent of any other migration.

-- `first_come`: the first workers to accept take the places (every offer before this migration); `selection`: the
-- workers apply and the agency chooses. `selection_closed_at`: the agency said its choice is made.
ALTER TABLE offers ADD COLUMN staffing text NOT NULL DEFAULT 'first_come' CHECK (staffing IN ('first_come', 'selection'));
ALTER TABLE offers ADD COLUMN selection_closed_at timestamptz;

-- The worker's answer grows with the new ones. The CHECK of migration 007 was unnamed: PostgreSQL named it so.
ALTER TABLE offer_recipients DROP CONSTRAINT offer_recipients_answer_check;
ALTER TABLE offer_recipients ADD CONSTRAINT offer_recipients_answer_check
  CHECK (answer IN ('accepted', 'declined', 'applied', 'waiting', 'given_back', 'not_selected', 'set_aside', 'removed'));

-- The order of the waitlist: a number from one sequence, taken when the worker joins (the offer's row is locked
-- meanwhile, so the numbers of one offer come in the order the joins were decided).
CREATE SEQUENCE offer_waitlist_order;
ALTER TABLE offer_recipients ADD COLUMN queued bigint;
-- Why a place was given back (for the agency); which offer the worker took when this answer was set aside.
ALTER TABLE offer_recipients ADD COLUMN give_back_reason text;
ALTER TABLE offer_recipients ADD COLUMN set_aside_by text REFERENCES offers (id);
-- A student who took, applied or waited knowing the shifts pass the year's quota (docs/decisions/264-quota-on-offers.md).
ALTER TABLE offer_recipients ADD COLUMN over_quota_confirmed boolean NOT NULL DEFAULT false;
CREATE INDEX offer_recipients_waiting ON offer_recipients (offer_id, queued) WHERE answer = 'waiting';
