-- Conversations between renters and hosts (projection "conversations", issue 34,
-- docs/decisions/380): one row per thread, with what each side has not read and the last message
-- for the inbox, and one row per message. The inbox reads a participant's threads newest first.
create table conversations (
  id uuid primary key,
  listing_id uuid not null,
  host_id uuid not null,
  renter_id uuid not null,
  started_at timestamptz not null,
  message_count integer not null default 0,
  last_message_at timestamptz not null,
  last_message_text text not null default '',
  last_sender_id uuid,
  host_unread integer not null default 0,
  renter_unread integer not null default 0,
  -- When the host first answered: response rates and reviews count from it.
  first_reply_at timestamptz,
  blocked_by uuid,
  version integer not null
);
-- One thread per renter and listing: a second start writes into the first.
create unique index conversations_one_per_listing_renter on conversations (listing_id, renter_id);
create index conversations_by_host on conversations (host_id, last_message_at desc, id);
create index conversations_by_renter on conversations (renter_id, last_message_at desc, id);

create table conversation_messages (
  id uuid primary key,
  conversation_id uuid not null,
  seq integer not null,
  sender_id uuid not null,
  text text not null,
  sent_at timestamptz not null
);
create unique index conversation_messages_in_order on conversation_messages (conversation_id, seq);
