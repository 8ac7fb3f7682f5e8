-- The worker claims messages for a while instead of holding a transaction open
-- while a gateway answers (PGlite has one connection: a slow SMTP call must not stall the API).
alter table outbox_messages add column claimed_until timestamptz;
drop index outbox_unsent;
create index outbox_unsent on outbox_messages (created_at, seq) where sent_at is null;
