import { describe, expect, it } from 'vitest';
import { keyBytes } from './push-alerts.ts';

describe('push alerts', () => {
  it('turns the server’s URL-safe base64 key into the bytes the browser subscribes with', () => {
    expect([...keyBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect(keyBytes('B'.padEnd(87, 'A'))).toHaveLength(65);
  });
});
