-- Favourites (projection "favorites"): set semantics per user and property.
-- A removed favourite stays as a row with is_favorite false and the user
-- stream's version, so a replayed older event is recognised and skipped.
create table favorites (
  user_id uuid not null,
  property_id uuid not null,
  is_favorite boolean not null,
  added_at timestamptz not null,
  version integer not null,
  primary key (user_id, property_id)
);
create index favorites_by_user on favorites (user_id, added_at desc) where is_favorite;
