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
  // The migrations as a database made before this change had them.
  await cp(MIGRATIONS_DIR, before, { recursive: true, filter: (src) => !src.endsWith('0105_outbox_delivery.sql') });
});
afterAll(async () => {
  await t?.drop();
  await rm(before, { recursive: true, force: true });
});

describe('migration 0105_outbox_delivery', () => {
  it('is applied to a database that already has the later migrations, keeping its messages', async () => {
    const first = await migrate(t.db, before);
    expect(first).toContain('0203_properties_price_index.sql');
    expect(first).not.toContain('0105_outbox_delivery.sql');
    await t.db.query(
      `insert into outbox_messages (id, channel, recipient, subject, body, created_at) values (gen_random_uuid(), 'email', 'a@example.com', null, 'kept', now())`,
    );
    expect(await migrate(t.db, MIGRATIONS_DIR)).toEqual(['0105_outbox_delivery.sql']);
    expect(await migrate(t.db, MIGRATIONS_DIR)).toEqual([]);
    const rows = await t.db.query<{
      body: string;
      failed_at: Date | null;
      provider_id: string | null;
      sending_since: Date | null;
    }>('select body, failed_at, provider_id, sending_since from outbox_messages');
    expect(rows).toEqual([{ body: 'kept', failed_at: null, provider_id: null, sending_since: null }]);
  });
});
