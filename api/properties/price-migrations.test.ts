import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../runtime.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let t: TestDatabase;
let before: string;
beforeAll(async () => {
  t = await createTestDatabase();
  before = await mkdtemp(join(tmpdir(), 'efie-migrations-'));
  // The migrations as a database made before issue 29's renames had them.
  await cp(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !/\/073\d_[^/]*$/.test(src) });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

const id = '10000000-0000-4000-8000-000000000001';
const columns = (table: string) =>
  t.db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = $1 order by column_name`, [table])
    .then((rows) => rows.map((r) => r.column_name));

describe('migration 0730_properties_price_per_night', () => {
  it('renames the price column of a database in use, keeping its prices and the month each is worth', async () => {
    expect(await migrate(t.db, before)).toContain('0722_drop_read_model_generations.sql');
    await t.db.query(
      `insert into properties (id, owner_id, title, description, property_type, category, listing_type, address, city, country, location,
         price, currency, pricing_period, bedrooms, bathrooms, amenities, images, is_verified, is_active, is_featured, created_at, updated_at, version)
       values ($1, $1, 'Flat', 'Nice', 'apartment', 'general', 'rent', 'Ring Road', 'Accra', 'Ghana', 'Accra, Ghana',
         1200, 'GH₵', 'year', 2, 1, '{}', '{}', true, true, false, now(), now(), 2)`,
      [id],
    );
    expect(await migrate(t.db, MIGRATIONS_DIR)).toEqual(['0730_properties_price_per_night.sql']);
    expect(await columns('properties')).toContain('price_per_night');
    expect(await columns('properties')).not.toContain('price');
    expect(await t.db.query('select price_per_night, monthly_price from properties')).toEqual([{ price_per_night: 1200, monthly_price: 100 }]);
    // The generated column follows the renamed one.
    await t.db.query(`update properties set price_per_night = 2400`);
    expect(await t.db.query('select monthly_price from properties')).toEqual([{ monthly_price: 200 }]);
    expect(await migrate(t.db, MIGRATIONS_DIR)).toEqual([]);
  });
});
