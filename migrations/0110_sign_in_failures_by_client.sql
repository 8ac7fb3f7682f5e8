-- Sign-in failures are counted per identifier and client address together, and per
-- client address across identifiers (issue 27): a stranger's failures no longer lock
-- the owner out from another address. '' is a failure counted per identifier only
-- (the current password asked by account settings, forgot-password requests).
alter table sign_in_failures add column client text not null default '';
create index sign_in_failures_by_client on sign_in_failures (client, failed_at);
