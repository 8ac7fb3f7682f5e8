-- Reports about a conversation (projection "conversations", issue 34, docs/decisions/380): who
-- reported whom in which thread and why, and how the admins resolved it. The admins' queue reads
-- threads with open reports, oldest first; a reported thread is the only one an admin may read.
create table conversation_reports (
  id uuid primary key,
  conversation_id uuid not null,
  reporter_id uuid not null,
  reported_id uuid not null,
  reason text not null,
  note text not null,
  reported_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'resolved')),
  action text,
  resolution_note text,
  -- Whose account the resolution suspended, if it suspended one.
  suspended_id uuid,
  resolved_by uuid,
  resolved_at timestamptz
);
create index conversation_reports_by_thread on conversation_reports (conversation_id, reported_at);
create index conversation_reports_queue on conversation_reports (status, reported_at);
