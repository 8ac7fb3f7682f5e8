-- Agents' licences as the admins checked them (projection "agent-licenses", issue 33,
-- docs/decisions/330): per agent, the last finding and the licence number it was about. An agent is
-- verified while that finding is "verified" and their profile (users.license_number) still holds
-- that number.
create table agent_license_checks (
  user_id uuid primary key,
  license_number text not null,
  status text not null check (status in ('verified', 'rejected')),
  reason text,
  decided_by uuid not null,
  decided_at timestamptz not null,
  version integer not null
);
