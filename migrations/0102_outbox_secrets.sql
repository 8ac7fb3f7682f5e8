-- Messages carrying a code or a reset link: in production their text is forgotten once sent,
-- so the database never holds a live code in clear (the codes table keeps only hashes).
alter table outbox_messages add column contains_secret boolean not null default false;
