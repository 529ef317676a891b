-- docs/decisions/131-support-session-and-policies-date-in-the-info.md: when the worker agreed to the policies (shown on /policies afterwards), and which sessions an agency's
-- support person opened with an impersonation token (the portal shows a banner while one runs).

-- The first agreement to both policies; null for an agreement made before this column existed (date unknown).
ALTER TABLE workers ADD COLUMN policies_agreed_at timestamptz;
-- A session opened by GET /auth/impersonate rather than by the worker's own login.
ALTER TABLE sessions ADD COLUMN impersonated boolean NOT NULL DEFAULT false;
