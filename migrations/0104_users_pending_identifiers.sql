-- An e-mail or phone a person asked to change to: it signs in only once the
-- code sent to it comes back (events EmailChangeRequested / PhoneChangeRequested).
alter table users add column pending_email text;
alter table users add column pending_phone text;

-- Wrong verification codes per account, over every code issued (a new code does not reset them).
create table verification_failures (
  user_id uuid not null,
  failed_at timestamptz not null
);
create index verification_failures_by_user on verification_failures (user_id, failed_at);
