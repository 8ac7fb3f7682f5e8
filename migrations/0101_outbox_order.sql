-- Insertion order for messages written in the same instant (a frozen test clock, one request sending two).
alter table outbox_messages add column seq bigint generated always as identity;
drop index outbox_by_recipient;
create index outbox_by_recipient on outbox_messages (recipient, created_at desc, seq desc);
