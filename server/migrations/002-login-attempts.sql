-- Attempts are reserved before the work they limit (a password check, a mail) and counted in the same step:
-- each reservation writes one row per limit it counts against, all with the same attempt_id, so that a
-- successful sign-in can take its own rows back (docs/decisions/141-login-limits.md).
ALTER TABLE attempts ADD COLUMN attempt_id text;
CREATE INDEX attempts_attempt ON attempts (attempt_id);
