-- A worker reports that they cannot come to one of their planned missions (docs/decisions/200-absence-reports.md):
-- the reason, an optional message and, for sickness, the medical certificate (sent with the report or later, until a
-- deadline fixed when the report is made). A withdrawn report stays for the record (withdrawn_at), so that the
-- calendar event's SEQUENCE, counted from these rows, only ever goes up. Independent of any other migration.
CREATE TABLE absence_reports (
  id                        text PRIMARY KEY,
  worker_id                 text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  mission_id                text NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  reason                    text NOT NULL CHECK (reason IN ('sick', 'family_emergency', 'transport', 'other')),
  message                   text NOT NULL DEFAULT '',
  reported_at               timestamptz NOT NULL,
  -- Sickness only: the first instant at which the certificate is late (the end of the last working day allowed).
  certificate_due_by        timestamptz,
  withdrawn_at              timestamptz,
  -- The certificate as stored: without metadata (docs/decisions/202-certificate-files.md), with its digest so that
  -- sending the same file again is recognised as a repeat rather than a second certificate.
  certificate               bytea,
  certificate_media_type    text CHECK (certificate_media_type IN ('image/jpeg', 'image/png', 'application/pdf')),
  certificate_sha256        text,
  certificate_received_at   timestamptz,
  CHECK ((reason = 'sick') = (certificate_due_by IS NOT NULL)),
  CHECK ((certificate IS NULL) = (certificate_received_at IS NULL))
);
-- At most one report stands per mission (a second one is refused: the first stands); withdrawn ones do not count.
CREATE UNIQUE INDEX absence_reports_one_standing ON absence_reports (mission_id) WHERE withdrawn_at IS NULL;
CREATE INDEX absence_reports_by_worker ON absence_reports (worker_id, reported_at DESC);
CREATE INDEX absence_reports_by_time ON absence_reports (reported_at DESC);
