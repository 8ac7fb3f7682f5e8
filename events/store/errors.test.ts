import { describe, expect, it } from 'vitest';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { brokenUniqueConstraint } from './errors.ts';

const database = useMigratedDatabase();

const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => undefined,
    (error: unknown) => error,
  );

describe('brokenUniqueConstraint', () => {
  it("names the unique index or constraint a statement broke, from the driver's error fields (PGlite and postgres.js)", async () => {
    const db = database();
    await db.execute(`
      create table race_probe (id int primary key, email text, owner int not null);
      create unique index race_probe_email on race_probe (email) where email is not null;`);
    await db.query(`insert into race_probe (id, email, owner) values (1, 'a@example.com', 1)`);
    const index = await refusal(() =>
      db.query(`insert into race_probe (id, email, owner) values (2, 'a@example.com', 1)`),
    );
    expect(brokenUniqueConstraint(index)).toBe('race_probe_email');
    // Inside a transaction, as an inline projection breaks it during an append.
    const inTransaction = await refusal(() =>
      db.transaction((tx) => tx.query(`insert into race_probe (id, email, owner) values (1, 'b@example.com', 1)`)),
    );
    expect(brokenUniqueConstraint(inTransaction)).toBe('race_probe_pkey');
  });

  it('is undefined for any other error, whatever its message says', async () => {
    const db = database();
    await db.execute('create table null_probe (id int primary key, owner int not null)');
    const notNull = await refusal(() => db.query('insert into null_probe (id, owner) values (1, null)'));
    expect(notNull).toMatchObject({ code: '23502' });
    expect(brokenUniqueConstraint(notNull)).toBeUndefined();
    expect(
      brokenUniqueConstraint(new Error('duplicate key value violates unique constraint "users_email_unique"')),
    ).toBeUndefined();
    expect(brokenUniqueConstraint(undefined)).toBeUndefined();
    expect(brokenUniqueConstraint(null)).toBeUndefined();
  });

  it('is undefined for a broken foreign key or check, which name their constraint too', async () => {
    const db = database();
    await db.execute(`
      create table fk_parent (id int primary key);
      create table fk_child (id int primary key, parent int references fk_parent (id), size int check (size > 0));`);
    const foreignKey = await refusal(() => db.query('insert into fk_child (id, parent) values (1, 42)'));
    expect(foreignKey).toMatchObject({ code: '23503' });
    expect(brokenUniqueConstraint(foreignKey)).toBeUndefined();
    const check = await refusal(() => db.query('insert into fk_child (id, size) values (2, 0)'));
    expect(check).toMatchObject({ code: '23514' });
    expect(brokenUniqueConstraint(check)).toBeUndefined();
  });
});
