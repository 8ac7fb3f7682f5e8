-- The search caches follow the change log of 0720 (search_changes) instead of one token per
-- read model; nothing reads or writes these tokens any more.
drop table if exists read_model_generations;
