import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../runtime.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let t: TestDatabase;
let before: string;
beforeAll(async () => {
  t = await createTestDatabase();
  before = await mkdtemp(join(tmpdir(), 'efie-migrations-'));
  // The migrations as a database made before issue 29's renames had them: none from 0730 on.
  await cp(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !/\/(07[3-9]\d|0[89]\d\d)_[^/]*$/.test(src) });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

const id = '10000000-0000-4000-8000-000000000001';
const columns = (table: string) =>
  t.db
    .query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = $1 order by column_name`,
      [table],
    )
    .then((rows) => rows.map((r) => r.column_name));

describe('migrations 0730_properties_price_per_night and 0731_monthly_equivalent', () => {
  it('rename the price columns of a database in use, keeping its prices and the month each is worth, and start a new change log', async () => {
    expect(await migrate(t.db, before)).toContain('0722_drop_read_model_generations.sql');
    await t.db.query(
      `insert into properties (id, owner_id, title, description, property_type, category, listing_type, address, city, country, location,
         price, currency, pricing_period, bedrooms, bathrooms, amenities, images, is_verified, is_active, is_featured, created_at, updated_at, version)
       values ($1, $1, 'Flat', 'Nice', 'apartment', 'general', 'rent', 'Ring Road', 'Accra', 'Ghana', 'Accra, Ghana',
         1200, 'GH₵', 'year', 2, 1, '{}', '{}', true, true, false, now(), now(), 2)`,
      [id],
    );
    await t.db.query(`insert into search_places (name) values ('')`);
    await t.db.query(
      `insert into listing_search (listing_id, place_id, created_at, monthly_price, property_type, category, listing_type, bedrooms, amenities)
       select $1, id, now(), 100, 0, 0, 0, 2, 0 from search_places`,
      [id],
    );
    await t.db.query(`insert into search_change_head (seq) values (1)`);
    await t.db.query(`insert into search_changes (seq, states) values (1, '[{"monthlyPrice": 100}]')`);
    const [oldLog] = await t.db.query<{ log_id: string }>('select log_id::text from search_change_head');

    // The renames first, then the migrations that came after them.
    expect((await migrate(t.db, MIGRATIONS_DIR)).slice(0, 2)).toEqual([
      '0730_properties_price_per_night.sql',
      '0731_monthly_equivalent.sql',
    ]);
    expect(await columns('properties')).toContain('price_per_night');
    expect(await columns('properties')).not.toContain('price');
    expect(await columns('properties')).not.toContain('monthly_price');
    expect(await t.db.query('select price_per_night from properties')).toEqual([{ price_per_night: 1200 }]);
    expect(await columns('listing_search')).toContain('monthly_equivalent');
    expect(await columns('listing_search')).not.toContain('monthly_price');
    expect(await t.db.query('select monthly_equivalent from listing_search')).toEqual([{ monthly_equivalent: 100 }]);
    // The price index kept its column: a sorted read still uses it.
    const [index] = await t.db.query<{ def: string }>(
      `select indexdef as def from pg_indexes where indexname = 'listing_search_price'`,
    );
    expect(index?.def).toContain('(place_id, monthly_equivalent, listing_id)');
    expect(await t.db.query('select seq from search_changes')).toEqual([]);
    const [newLog] = await t.db.query<{ log_id: string; seq: number }>(
      'select log_id::text, seq::int from search_change_head',
    );
    expect(newLog).toEqual({ log_id: expect.not.stringMatching(oldLog!.log_id), seq: 1 });
    expect(await migrate(t.db, MIGRATIONS_DIR)).toEqual([]);
  });
});
