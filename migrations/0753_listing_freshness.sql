-- Listings that stay true (projection "properties", issue 34, docs/decisions/400): when a listing
-- was approved or last confirmed available, when it leaves search once its host was reminded, and
-- why it is out of search until its host brings it back ('expired', 'let'). The start that applies
-- this rebuilds the properties read model (REBUILT_AFTER in api/runtime.ts), which fills them.
alter table properties add column confirmed_at timestamptz;
alter table properties add column expires_at timestamptz;
alter table properties add column down_reason text check (down_reason in ('expired', 'let'));
-- The freshness sweep's two questions: live listings whose reminder is due, and those whose time has come.
create index properties_live_confirmed on properties (confirmed_at) where is_live and expires_at is null;
create index properties_live_expiring on properties (expires_at) where is_live and expires_at is not null;
