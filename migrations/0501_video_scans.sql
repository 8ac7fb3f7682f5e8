-- The scan queue (docs/decisions/080): one row per file uploaded to quarantine,
-- written by the checkpointed subscription "video-scan-queue" together with its
-- checkpoint, and worked through by the scan worker with a lease. Operational,
-- not a read model: rebuilds leave it.
create table video_scans (
  quarantine_key text primary key,
  video_id uuid not null,
  file text not null check (file in ('original', 'edited')),
  -- When the next scan may start: the upload's time, then each failure's nextAttemptAt.
  due_at timestamptz not null,
  -- A worker's lease on the row while it scans; past it, another may take the file.
  claimed_until timestamptz,
  -- Scans started (a scan cut short by a crash counts too).
  scans_started integer not null default 0,
  -- Set with the verdict's event, in its transaction: the file is never scanned again.
  done_at timestamptz,
  verdict text check (verdict in ('clean', 'infected', 'superseded')),
  -- An infected file's quarantine copy, deleted after its retention (QuarantineCopyDeleted).
  copy_deleted_at timestamptz,
  created_at timestamptz not null
);
create index video_scans_due on video_scans (due_at, quarantine_key) where done_at is null;
create index video_scans_infected on video_scans (done_at) where verdict = 'infected' and copy_deleted_at is null;
