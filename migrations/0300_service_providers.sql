-- The service providers read model (projection "service_providers"): one row per
-- application, with the stream version it reflects and the admin who last
-- changed its status. The directory reads approved rows; admins read them all.
create table service_providers (
  id uuid primary key,
  applicant_id uuid not null,
  category_id text not null,
  business_name text not null,
  contact_person text not null,
  email text not null,
  phone text not null,
  business_address text not null,
  service_area text not null,
  years_experience integer not null,
  services_offered text not null,
  emergency_available boolean not null,
  description text not null,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  reviewed_by uuid,
  reviewed_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null
);

-- One application waiting for review per account: a second one racing past the
-- route's check fails here, inside the append's transaction, and becomes a 409.
create unique index service_providers_one_pending on service_providers (applicant_id) where status = 'pending';
create index service_providers_by_status on service_providers (status, created_at desc, id desc);
create index service_providers_directory on service_providers (category_id, created_at desc, id desc) where status = 'approved';
