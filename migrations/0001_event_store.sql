-- The append-only event log. Nothing updates or deletes a row of events.
create table events (
  global_position bigint generated always as identity primary key,
  -- The writing transaction: subscribers read only below the oldest running
  -- transaction so a late commit is never skipped (docs/decisions/001).
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid not null unique,
  stream_id text not null,
  stream_version integer not null check (stream_version > 0),
  type text not null,
  schema_version integer not null default 1,
  data jsonb not null,
  metadata jsonb not null default '{}',
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_version)
);
create index events_by_commit on events (transaction_id, global_position);
create index events_by_type on events (type);

-- One row per stream: its current version. The row lock serialises writers
-- of one stream; writers of different streams never wait for each other.
create table streams (
  stream_id text primary key,
  version integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- An append's idempotency key: a repeat returns the first result.
create table append_idempotency (
  idempotency_key text primary key,
  stream_id text not null,
  request_hash text not null,
  result jsonb,
  created_at timestamptz not null default now()
);

-- Where each subscription has got to, written in the same transaction as its work.
create table subscription_checkpoints (
  name text primary key,
  transaction_id xid8 not null default '0',
  global_position bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- The HTTP layer's record of answers given to requests carrying Idempotency-Key.
create table http_idempotency (
  caller text not null,
  idempotency_key text not null,
  request_hash text not null,
  status integer,
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (caller, idempotency_key)
);
create index http_idempotency_created on http_idempotency (created_at);
