-- The portal's tables. Plain PostgreSQL (PGlite today, a PostgreSQL server later): no extension needed.
-- Ids are random text made by the server; times are timestamptz; calendar days are date.

CREATE TABLE workers (
  id                text PRIMARY KEY,
  email             text NOT NULL UNIQUE,            -- lower-cased
  password_hash     text NOT NULL,
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  locale            text NOT NULL CHECK (locale IN ('fr', 'nl')),
  statute           smallint NOT NULL DEFAULT 1 CHECK (statute IN (1, 2, 3)),
  details_status    smallint NOT NULL DEFAULT 0 CHECK (details_status IN (0, 1, 2)),
  new_account       boolean NOT NULL DEFAULT true,
  email_validated   boolean NOT NULL DEFAULT false,
  agreed_gdpr       boolean NOT NULL DEFAULT false,
  agreed_labour     boolean NOT NULL DEFAULT false,
  details           jsonb NOT NULL DEFAULT '{}'::jsonb, -- the wizard's steps as validated: contactInfo, legal, generalInfo
  signature_value   text,
  signature_status  smallint NOT NULL DEFAULT 0 CHECK (signature_status IN (0, 1, 2, 3)),
  created_at        timestamptz NOT NULL
);

-- Session tokens: only their SHA-256 is kept.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  worker_id   text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX sessions_worker ON sessions (worker_id);

-- Single-use tokens mailed or handed out: e-mail validation, password reset, impersonation.
CREATE TABLE one_time_tokens (
  token_hash  text PRIMARY KEY,
  worker_id   text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  purpose     text NOT NULL CHECK (purpose IN ('validate-email', 'reset-password', 'impersonate')),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX one_time_tokens_worker ON one_time_tokens (worker_id, purpose);

-- Failed attempts per key ('account:<email>', 'address:<ip>', 'mail:<email>'), in a sliding window.
CREATE TABLE attempts (
  key        text NOT NULL,
  at         timestamptz NOT NULL
);
CREATE INDEX attempts_key ON attempts (key, at);

CREATE TABLE uploads (
  worker_id    text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  kind         text NOT NULL,                       -- idFront, idBack, drivingFront, drivingBack, picture1, picture2
  stored_name  text NOT NULL,                       -- generated; the file lives in DATA_DIR/uploads
  media_type   text NOT NULL,
  size         integer NOT NULL,
  uploaded_at  timestamptz NOT NULL,
  PRIMARY KEY (worker_id, kind)
);

CREATE TABLE availabilities (
  worker_id  text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  day        date NOT NULL,
  morning    boolean NOT NULL,
  afternoon  boolean NOT NULL,
  evening    boolean NOT NULL,
  PRIMARY KEY (worker_id, day)
);

CREATE TABLE missions (
  id                 text PRIMARY KEY,
  worker_id          text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  job                text NOT NULL,
  day                date NOT NULL,
  start_time         text NOT NULL,                 -- HH:MM, Brussels
  end_time           text NOT NULL,
  reference          text NOT NULL,
  km                 numeric NOT NULL DEFAULT 0,
  short_location     text NOT NULL DEFAULT '',
  location1          text NOT NULL DEFAULT '',
  location2          text NOT NULL DEFAULT '',
  briefing           text NOT NULL DEFAULT '',
  allow_print        boolean NOT NULL DEFAULT true,
  contract_pdf       bytea NOT NULL,                -- generated once at creation, served as is
  contract_sha256    text NOT NULL,
  signing_requested  boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL
);
CREATE INDEX missions_worker_day ON missions (worker_id, day);

-- The evidence kept for each signing request (docs/decisions/014-signing-evidence.md).
CREATE TABLE signing_requests (
  id               text PRIMARY KEY,
  mission_id       text NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  worker_id        text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  comment          text NOT NULL,
  requested_at     timestamptz NOT NULL,
  client_address   text NOT NULL,
  user_agent       text NOT NULL,
  contract_sha256  text NOT NULL,
  signature_value  text
);

CREATE TABLE documents (
  name        text PRIMARY KEY,                     -- payslip-YYYYMM-<id> or fiscal-YYYY-<id>
  worker_id   text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('payslip', 'fiscal-year')),
  year        integer NOT NULL,
  month       integer,
  amount      numeric,
  pdf         bytea NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX documents_worker ON documents (worker_id, kind);

CREATE TABLE outbox (
  id          text PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  body        text NOT NULL,
  links       jsonb NOT NULL DEFAULT '[]'::jsonb,
  sent_at     timestamptz NOT NULL,
  seq         bigserial,
  smtp_status text NOT NULL DEFAULT 'not-configured'
);
CREATE INDEX outbox_to ON outbox (to_address, seq);
