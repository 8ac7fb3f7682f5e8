import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time.ts';

describe('a message’s time', () => {
  const now = new Date(2026, 10, 29, 15, 0);
  it('is the time alone for a message sent today', () => {
    expect(messageTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe('09:05 AM');
  });
  it('names the day of an older one, and the year of one from another year', () => {
    expect(messageTime(new Date(2026, 10, 28, 21, 30).toISOString(), now)).toBe('Nov 28, 09:30 PM');
    expect(messageTime(new Date(2025, 0, 3, 8, 0).toISOString(), now)).toBe('Jan 3, 2025, 08:00 AM');
  });
});
