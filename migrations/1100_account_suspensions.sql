-- Suspended accounts (issue 33, docs/decisions/345): set by AccountSuspended, cleared by
-- AccountSuspensionLifted (projection "users"). A suspended account cannot sign in and no session
-- of it resolves; the admins' list of suspended accounts reads the partial index.
alter table users add column suspended_at timestamptz;
alter table users add column suspension_reason text;
create index users_suspended on users (suspended_at desc) where suspended_at is not null;
