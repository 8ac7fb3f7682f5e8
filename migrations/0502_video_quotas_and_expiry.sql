-- Issue 27: bounds on video uploads (docs/decisions/140).
--
-- The videos read model learns that a video can expire unreviewed, and keeps
-- the file's SHA-256 so that the same file sent again by the same person soon
-- after is recognised rather than recorded twice.
alter table videos drop constraint videos_status_check;
alter table videos add constraint videos_status_check check (status in ('pending_scan', 'scan_failed', 'scan_unavailable', 'infected',
  'pending_review', 'edited_pending_scan', 'edited_scan_failed', 'edited_scan_unavailable', 'edited_infected', 'publishing', 'approved', 'expired'));
alter table videos add column content_sha256 text;
alter table videos add column expired_at timestamptz;
drop index videos_for_review;
create index videos_for_review on videos (uploaded_at desc, id desc) where status not in ('approved', 'expired');
-- The owner's videos still waiting (upload quota, expiry, the same file again).
create index videos_by_owner on videos (owner_id, uploaded_at);

-- Uploads in flight (operational, not a read model): a resumable upload from its
-- creation until it is finished, cancelled or expired, a multipart request while
-- it is read. Each holds the bytes it declared against its owner's quota; a row
-- past expires_at (a process that died) counts no more.
create table video_upload_slots (
  id text primary key,
  owner_id uuid not null,
  bytes bigint not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index video_upload_slots_by_owner on video_upload_slots (owner_id, expires_at);

-- The scan queue is worked round-robin by owner: whose scan started longest ago goes next.
alter table video_scans add column owner_id uuid;
alter table video_scans add column claimed_at timestamptz;
update video_scans s set owner_id = v.owner_id from videos v where v.id = s.video_id;
create index video_scans_owner_claims on video_scans (owner_id, claimed_at);
