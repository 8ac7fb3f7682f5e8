-- The transaction id under which the stream's latest event is ordered for subscribers.
-- An append orders its events under the greater of its own transaction id and this
-- one, so a stream's events reach subscribers in version order even when the
-- appending transaction got its id (by an earlier write) before the previous
-- append's transaction did (docs/decisions/001, amendment 2).
alter table streams add column last_transaction_id xid8 not null default '0';
