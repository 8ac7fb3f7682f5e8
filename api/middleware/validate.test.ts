import { describe, expect, it } from 'vitest';
import { expectError } from '../../testing/errors.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { MAX_INPUT_DEPTH, nestedDeeperThan } from './validate.ts';

const database = useMigratedDatabase();

/** `levels` arrays inside one another, built without recursion. */
const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
};

describe('input nested without bound (found by the hostile-input property, issue 32)', () => {
  it('is measured without recursion, at any depth', () => {
    expect(nestedDeeperThan(nested(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestedDeeperThan(nested(200_000), MAX_INPUT_DEPTH)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('is a 400 in the contract’s format, not a 500, on a validated route and on one that reads its own body', async () => {
    const { app } = await createTestApp(database());
    const client = createClient(app);
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const register = await client.request('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"firstName":${deep}}`,
    });
    expect((await expectError(register, 400, 'invalid_input')).error).toBe(
      `The request nests deeper than ${MAX_INPUT_DEPTH} levels.`,
    );
    const beacon = await client.request('/api/analytics/track-visitor', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: `{"visitorId":"visitor_1_deep","views":${deep}}`,
    });
    await expectError(beacon, 400, 'invalid_input');
  });
});
