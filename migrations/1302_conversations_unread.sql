-- The unread badge (projection "conversations", issue 34, docs/decisions/380): each side's threads
-- with something unread, so the count reads those rows only, not a busy host's every thread.
create index conversations_host_unread on conversations (host_id) include (host_unread) where host_unread > 0;
create index conversations_renter_unread on conversations (renter_id) include (renter_unread) where renter_unread > 0;
