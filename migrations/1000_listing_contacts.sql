-- Renters reaching hosts by WhatsApp or a call (projection "listing-contacts", issue 33,
-- docs/decisions/350): one row per contact. Hosts see how many people asked per listing; admins see
-- who, to follow up a scam.
create table listing_contacts (
  id uuid primary key,
  listing_id uuid not null,
  renter_id uuid not null,
  channel text not null check (channel in ('whatsapp', 'call')),
  contacted_at timestamptz not null
);
create index listing_contacts_by_listing on listing_contacts (listing_id, contacted_at desc);
