import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrate, MigrationError } from './migrate.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(() => t.drop());

const folderWith = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'efie-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};
const tables = async () =>
  (await t.db.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map(
    (r) => r.t,
  );

describe('migrations', () => {
  it('applies each file once, in order, and records it', async () => {
    const dir = folderWith({
      '0002_b.sql': 'create table b (id int references a(id));',
      '0001_a.sql': 'create table a (id int primary key);',
    });
    expect(await migrate(t.db, dir)).toEqual(['0001_a.sql', '0002_b.sql']);
    expect(await migrate(t.db, dir)).toEqual([]);
    expect(await tables()).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('leaves nothing half-done when a file fails, and names the file and the database error', async () => {
    const dir = folderWith({
      '0001_ok.sql': 'create table ok (id int);',
      '0002_broken.sql': 'create table half (id int);\ninsert into half values (1);\nselect * from no_such_table;',
      '0003_later.sql': 'create table later (id int);',
    });
    const failure = await migrate(t.db, dir).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^migration 0002_broken\.sql failed: .*no_such_table/);
    expect(await tables()).toEqual(['ok', 'schema_migrations']);
    const applied = await t.db.query<{ name: string }>('select name from schema_migrations');
    expect(applied.map((r) => r.name)).toEqual(['0001_ok.sql']);
  });
});
