-- Every limit on what a request can make Efie send or do (api/limits/rate-limiter.ts) counts in
-- one table: the contact form's limit (message_submissions, 0400) generalised. Operational, not a
-- read model (rebuilds leave it). One row per counted action per limit key (a destination, an
-- account, a client address, the global SMS budget); expires_at is when the row stops counting
-- for the longest window its key is used with, so expired rows can go without knowing the key.
create table rate_limit_hits (
  limit_key text not null,
  at timestamptz not null,
  expires_at timestamptz not null
);
create index rate_limit_hits_by_key on rate_limit_hits (limit_key, at);
create index rate_limit_hits_expiry on rate_limit_hits (expires_at);

-- A database made before this migration has the contact form's counts: they carry over under its
-- prefix (its window was one hour), and the old table goes. On a fresh database 0400 runs after
-- this file and still makes message_submissions: it stays empty, and nothing reads it.
do $$
begin
  if to_regclass('message_submissions') is not null then
    insert into rate_limit_hits (limit_key, at, expires_at)
      select 'message:' || limit_key, submitted_at, submitted_at + interval '1 hour' from message_submissions;
    drop table message_submissions;
  end if;
end
$$;
