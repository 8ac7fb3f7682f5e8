-- Messages to the Efie team from the support form and the public contact form
-- (projection "support-messages"): what the admin panel lists, newest first.
create table support_messages (
  id uuid primary key,
  reference text not null,
  form text not null check (form in ('support', 'contact')),
  name text,
  first_name text,
  last_name text,
  contact_method text not null,
  email text,
  phone text,
  category text,
  user_type text,
  subject text not null,
  message text not null,
  status text not null check (status in ('unhandled', 'handled')),
  received_at timestamptz not null,
  handled_by uuid,
  handled_at timestamptz,
  version integer not null
);
create index support_messages_newest on support_messages (received_at desc, id desc);
create index support_messages_unhandled on support_messages (received_at desc, id desc) where status = 'unhandled';
create index support_messages_by_reference on support_messages (reference);

-- Operational, not a read model (rebuilds leave it): one row per message accepted, per limit key
-- (sender address, client IP), so the per-hour limit holds across restarts and instances.
create table message_submissions (
  limit_key text not null,
  submitted_at timestamptz not null
);
create index message_submissions_by_key on message_submissions (limit_key, submitted_at);
