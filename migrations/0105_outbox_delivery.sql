-- Real delivery (docs/decisions/070-message-delivery.md).
-- sending_since: set just before the gateway is called, cleared when its answer is
--   recorded. Still set once the lease is over means the process stopped while the
--   gateway may have accepted the message: it is never sent again automatically.
-- failed_at / failure: given up for good (a permanent refusal, attempts used up, or
--   an outcome nobody knows); only an admin's retry sends it again.
-- provider_id / provider_response: what the gateway answered on acceptance
--   (Twilio's message sid and status; the SMTP Message-ID and the server's 250 line).
alter table outbox_messages add column sending_since timestamptz;
alter table outbox_messages add column failed_at timestamptz;
alter table outbox_messages add column failure text check (failure in ('refused', 'exhausted', 'uncertain'));
alter table outbox_messages add column provider_id text;
alter table outbox_messages add column provider_response text;
create index outbox_failed on outbox_messages (failed_at desc, seq desc) where failed_at is not null;
