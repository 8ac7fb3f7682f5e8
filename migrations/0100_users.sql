-- The users read model (projection "users"): what other modules read and join.
-- E-mail is stored lower-case and phone normalised (api/contract/auth.schema.ts),
-- so the unique indexes are the uniqueness rule; the projection runs inside the
-- append's transaction, so a duplicate aborts the append itself.
create table users (
  id uuid primary key,
  email text,
  phone text,
  first_name text,
  last_name text,
  business_name text,
  license_number text,
  profile_image_url text,
  user_type text not null default 'renter',
  is_admin boolean not null default false,
  email_verified boolean not null default false,
  phone_verified boolean not null default false,
  created_at timestamptz not null,
  version integer not null
);
create unique index users_email_unique on users (email) where email is not null;
create unique index users_phone_unique on users (phone) where phone is not null;

-- Password hashes (projection "user-credentials"), apart from what the API serialises.
create table user_credentials (
  user_id uuid primary key,
  password_hash text not null,
  version integer not null
);

-- Operational data, not read models: sessions, verification codes, sign-in failures.
-- Sessions keep only the SHA-256 of the cookie's token.
create table sessions (
  token_hash text primary key,
  user_id uuid not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index sessions_by_user on sessions (user_id);

-- One live code per user and channel; the code itself is never stored, only its hash.
create table verification_codes (
  user_id uuid not null,
  channel text not null check (channel in ('email', 'phone')),
  target text not null,
  code_hash text not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (user_id, channel)
);

create table sign_in_failures (
  identifier text not null,
  failed_at timestamptz not null
);
create index sign_in_failures_by_identifier on sign_in_failures (identifier, failed_at);

-- Messages to people. A worker hands unsent rows to the sender port.
create table outbox_messages (
  id uuid primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null,
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index outbox_by_recipient on outbox_messages (recipient, created_at desc);
create index outbox_unsent on outbox_messages (created_at) where sent_at is null;
