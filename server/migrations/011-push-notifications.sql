-- Push notifications and the notification list (docs/decisions/251-push-devices.md, 252-push-outbox.md).

-- The VAPID key pair made on the first start when the environment gives none: one row, kept for good (a browser
-- subscribed with the public key; another key would cut every device off).
CREATE TABLE push_keys (
  id           smallint PRIMARY KEY CHECK (id = 1),
  public_key   text NOT NULL,
  private_key  text NOT NULL,
  created_at   timestamptz NOT NULL
);

-- One row per device: the endpoint is the device (one per browser and service worker). It belongs to the worker and
-- the session that last sent it; a session that ends (logout: the row is removed; expiry or revocation) stops its
-- pushes, and another worker signing in on the same device takes the row over by sending the endpoint again.
CREATE TABLE push_subscriptions (
  endpoint          text PRIMARY KEY,
  worker_id         text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  session_hash      text NOT NULL REFERENCES sessions (token_hash) ON DELETE CASCADE,
  p256dh            text NOT NULL,
  auth              text NOT NULL,
  subscribed_at     timestamptz NOT NULL,
  last_sent_at      timestamptz,
  last_failure      text
);
CREATE INDEX push_subscriptions_worker ON push_subscriptions (worker_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);

-- What a worker changed of the defaults (every kind on, quiet 22:00-07:00): no row is the defaults.
CREATE TABLE notification_settings (
  worker_id    text PRIMARY KEY REFERENCES workers (id) ON DELETE CASCADE,
  topics_off   text[] NOT NULL DEFAULT '{}',
  quiet_start  text,                                   -- HH:MM Brussels; both null: no quiet hours
  quiet_end    text,
  CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
);

-- Every event of a worker, pushed or not: the notification list. Texts are made from `params` in the worker's
-- language when read or pushed. `dedupe_key` makes a reminder found by several scans (several instances) one row.
CREATE TABLE notifications (
  id          text PRIMARY KEY,
  seq         bigserial,                               -- the order they were made in (several in one instant)
  worker_id   text NOT NULL REFERENCES workers (id) ON DELETE CASCADE,
  kind        text NOT NULL,
  topic       text NOT NULL,                           -- the Web Push Topic: one thing's news replaces its earlier news
  setting     text,                                    -- the switch of the settings page it answers to; null: always pushed
  params      jsonb NOT NULL,
  link        text NOT NULL,                           -- a path of the portal
  urgent      boolean NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,                    -- when the news stops mattering (the push's TTL ends)
  read_at     timestamptz,
  dedupe_key  text UNIQUE
);
CREATE INDEX notifications_worker ON notifications (worker_id, created_at DESC, seq DESC);

-- The durable outbox of pushes: one row per notification and device, sent once. A sender claims due rows
-- (FOR UPDATE SKIP LOCKED) for a lease, sends outside any transaction, then marks them; a lease that ran out (the
-- process died) is claimed again.
CREATE TABLE push_outbox (
  id               bigserial PRIMARY KEY,
  notification_id  text NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  endpoint         text NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
  due_at           timestamptz NOT NULL,
  attempts         integer NOT NULL DEFAULT 0,
  lease_until      timestamptz,
  claimed_by       text,                               -- the claim of the sender holding the lease
  sent_at          timestamptz,
  given_up_at      timestamptz,
  outcome          text,
  UNIQUE (notification_id, endpoint)
);
CREATE INDEX push_outbox_due ON push_outbox (due_at) WHERE sent_at IS NULL AND given_up_at IS NULL;
