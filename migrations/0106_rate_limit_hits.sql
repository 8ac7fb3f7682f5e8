-- Every limit on what a request can make Efie send or do (api/limits/rate-limiter.ts) counts in
-- one table: the contact form's limit (message_submissions) generalised. Operational, not a read
-- model (rebuilds leave it). One row per counted action per limit key (a destination, an account,
-- a client address, the global SMS budget); expires_at is when the row stops counting for the
-- longest window its key is used with, so expired rows can be deleted without knowing the key.
alter table message_submissions rename to rate_limit_hits;
alter table rate_limit_hits rename column submitted_at to at;
alter index message_submissions_by_key rename to rate_limit_hits_by_key;
alter table rate_limit_hits add column expires_at timestamptz;
-- The contact form's keys (ip:, email:, phone: digits as typed) carry over under its prefix; its window was one hour.
update rate_limit_hits set limit_key = 'message:' || limit_key, expires_at = at + interval '1 hour';
alter table rate_limit_hits alter column expires_at set not null;
create index rate_limit_hits_expiry on rate_limit_hits (expires_at);
