-- A token that changes whenever a projection changes its rows, so the API can
-- keep answers in memory and know, with one cheap read, when they are stale.
-- Not a read model: rebuilds do not truncate it (the rebuild's writes change it).
create table read_model_generations (
  name text primary key,
  token text not null
);
