-- Saved searches and their alerts (projection "saved-searches", issue 33, docs/decisions/370): one
-- row per saved search with its filters as typed, when the last alert went out and how many did,
-- and whether its owner unsubscribed. The alerts' subscription reads the subscribed ones.
create table saved_searches (
  id uuid primary key,
  user_id uuid not null,
  name text not null,
  filters jsonb not null,
  created_at timestamptz not null,
  last_alert_at timestamptz,
  alerts_sent integer not null default 0,
  unsubscribed_at timestamptz,
  version integer not null
);
create index saved_searches_by_user on saved_searches (user_id, created_at desc) where unsubscribed_at is null;
create index saved_searches_subscribed on saved_searches (created_at) where unsubscribed_at is null;

-- A browser's web push subscription (docs/decisions/370): like a session, a device's credential
-- rather than a fact of the domain, so a plain table. Removed when the push service says it is gone.
create table push_subscriptions (
  endpoint text primary key,
  user_id uuid not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null
);
create index push_subscriptions_by_user on push_subscriptions (user_id);

-- Web push goes through the outbox like e-mail and SMS: the recipient is the subscription's endpoint.
alter table outbox_messages drop constraint if exists outbox_messages_channel_check;
alter table outbox_messages add constraint outbox_messages_channel_check check (channel in ('email', 'sms', 'push'));

-- Secrets the server makes for itself, shared by every instance on the database: the key that
-- signs the one-tap unsubscribe links in alerts (docs/decisions/370). Made at first use, never sent.
create table server_secrets (
  name text primary key,
  secret bytea not null,
  created_at timestamptz not null default now()
);
