import { describe, expect, it } from 'vitest';
import { waitText } from './wait-text.ts';

describe('waitText', () => {
  it('says seconds under a minute, minutes under an hour, else hours', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(15 * 60)).toBe('15 minutes');
    expect(waitText(3600)).toBe('1 hour');
    expect(waitText(23 * 3600 + 1)).toBe('24 hours');
  });

  it('never says less than a second', () => {
    expect(waitText(0)).toBe('1 second');
    expect(waitText(0.2)).toBe('1 second');
  });
});
