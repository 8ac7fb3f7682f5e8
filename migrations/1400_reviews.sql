-- Reviews (projection "reviews", issue 34, docs/decisions/410): one row per review, with the host's
-- answer and, when an admin removed it, why; and each listing's rating from the reviews not
-- removed, which every listing answer reads (averageRating, reviewCount).
create table reviews (
  id uuid primary key,
  listing_id uuid not null,
  host_id uuid not null,
  renter_id uuid not null,
  rating smallint not null check (rating between 1 and 5),
  text text not null,
  written_at timestamptz not null,
  answer text,
  answered_at timestamptz,
  removed_at timestamptz,
  removed_reason text,
  version integer not null
);
create index reviews_of_listing on reviews (listing_id, written_at desc) where removed_at is null;

create table listing_ratings (
  listing_id uuid primary key,
  rating_sum integer not null,
  review_count integer not null
);
