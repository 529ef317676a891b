-- Hours worked: the client records each mission day's hours, the worker confirms or contests them, the agency
-- resolves a contest. Rows are only ever added: a correction is a new version, an answer or a resolution a new row,
-- so the history of a day is never overwritten (docs/decisions/195-hours-worked.md).

-- The mission's gross hourly wage in cents (NULL: unknown). Offers add the same column the same way.
ALTER TABLE missions ADD COLUMN IF NOT EXISTS hourly_wage_cents integer;

-- Each recording of a day's hours by the client; the highest version is the one that stands.
CREATE TABLE hours_records (
  mission_id     text NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  version        integer NOT NULL CHECK (version >= 1),
  start_time     text NOT NULL,                       -- HH:MM, Brussels; an end before the start is the next day
  end_time       text NOT NULL,
  break_minutes  integer NOT NULL CHECK (break_minutes >= 0),
  recorded_at    timestamptz NOT NULL,
  -- recorded_at + the confirmation window in force when recorded: a later change of the setting moves no deadline.
  confirm_by     timestamptz NOT NULL,
  PRIMARY KEY (mission_id, version)
);

-- The worker's answer to one version: confirmed, or contested with the hours they worked and why. One per version
-- (the key): a day is never both. A day without an answer after confirm_by counts as confirmed (read time, no job).
CREATE TABLE hours_answers (
  mission_id     text NOT NULL,
  version        integer NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('confirmed', 'contested')),
  start_time     text,
  end_time       text,
  break_minutes  integer CHECK (break_minutes >= 0),
  reason         text,
  answered_at    timestamptz NOT NULL,
  PRIMARY KEY (mission_id, version),
  FOREIGN KEY (mission_id, version) REFERENCES hours_records (mission_id, version) ON DELETE CASCADE,
  CHECK (kind = 'confirmed' OR (start_time IS NOT NULL AND end_time IS NOT NULL AND break_minutes IS NOT NULL AND reason IS NOT NULL))
);

-- The agency's decision on a contest: the worker's hours are paid, or the client's stand (with a note).
CREATE TABLE hours_resolutions (
  mission_id   text NOT NULL,
  version      integer NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('worker', 'client')),
  note         text NOT NULL DEFAULT '',
  resolved_at  timestamptz NOT NULL,
  PRIMARY KEY (mission_id, version),
  FOREIGN KEY (mission_id, version) REFERENCES hours_answers (mission_id, version) ON DELETE CASCADE
);
