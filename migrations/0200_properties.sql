-- The listings read model (projection "properties"): one row per listing, the
-- stream version it reflects, and a tombstone when it is deleted so a replayed
-- old event cannot bring it back.
create extension if not exists pg_trgm;

create table properties (
  id uuid primary key,
  owner_id uuid not null,
  title text not null,
  description text not null,
  property_type text not null,
  category text not null,
  listing_type text not null,
  address text not null,
  city text not null,
  country text not null,
  location text not null,
  price double precision not null,
  currency text not null,
  pricing_period text not null,
  bedrooms integer not null,
  bathrooms integer not null,
  amenities text[] not null,
  images text[] not null,
  is_verified boolean not null,
  is_active boolean not null,
  is_featured boolean not null,
  featured_order integer,
  deleted boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  version integer not null,
  -- Search compares prices within one period: everything as a price per month.
  monthly_price double precision generated always as (
    case pricing_period when 'week' then price * 52 / 12 when 'year' then price / 12 else price end
  ) stored,
  is_live boolean generated always as (is_verified and is_active and not deleted) stored,
  -- `location` search matches city, address, country and location, case-insensitive.
  search_text text generated always as (lower(city || ' ' || address || ' ' || country || ' ' || location)) stored
);

-- Search reads live rows only: every search index is partial on is_live.
create index properties_live_newest on properties (created_at desc, id desc) where is_live;
create index properties_live_price on properties (monthly_price, id) where is_live;
create index properties_live_type_price on properties (property_type, monthly_price) where is_live;
create index properties_live_city on properties (lower(city), created_at desc) where is_live;
create index properties_live_text on properties using gin (search_text gin_trgm_ops) where is_live;
create index properties_live_amenities on properties using gin (amenities) where is_live;
create index properties_by_owner on properties (owner_id, created_at desc) where not deleted;
create index properties_featured on properties (featured_order) where is_featured and not deleted;
create index properties_admin_newest on properties (created_at desc, id desc) where not deleted;
