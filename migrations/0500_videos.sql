-- The videos read model (projection "videos"): one row per video with its
-- status (events/video/video.decider.ts, VIDEO_STATUSES), the host's original
-- in quarantine, the admin's edited version, the scan state and the approved
-- file. Admin Video Management reads the rows not yet approved; My Videos the
-- owner's approved ones; a listing page its approved, attached one.
create table videos (
  id uuid primary key,
  owner_id uuid not null,
  property_id uuid,
  status text not null check (status in ('pending_scan', 'scan_failed', 'scan_unavailable', 'infected', 'pending_review',
    'edited_pending_scan', 'edited_scan_failed', 'edited_scan_unavailable', 'edited_infected', 'publishing', 'approved')),
  original_name text not null,
  file_size bigint not null,
  content_type text not null,
  quarantine_key text not null,
  uploaded_at timestamptz not null,
  edited_name text,
  edited_size bigint,
  edited_content_type text,
  edited_key text,
  edited_by uuid,
  edited_uploaded_at timestamptz,
  -- The scan of the file waiting for a verdict: failed attempts so far, the last
  -- failure and when the next attempt is due (null when nothing is waiting).
  scan_attempts integer not null default 0,
  last_scan_error text,
  next_scan_at timestamptz,
  scanned_at timestamptz,
  infected_signature text,
  approved_key text,
  approved_file_name text,
  approved_size bigint,
  approved_content_type text,
  approved_at timestamptz,
  updated_at timestamptz not null,
  version integer not null
);

create index videos_for_review on videos (uploaded_at desc, id desc) where status <> 'approved';
create index videos_approved_by_owner on videos (owner_id, approved_at desc, id desc) where status = 'approved';
create index videos_approved_by_property on videos (property_id, approved_at desc) where status = 'approved' and property_id is not null;
