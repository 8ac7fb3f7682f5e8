import { describe, expect, it } from 'vitest';
import { busiestDay, count, niceMax, percent, place, shortDay } from './analytics-format.ts';

describe('analytics formatting', () => {
  it('writes the conversion rate as the spec does, to one decimal', () => {
    expect(percent(12.5)).toBe('12.5%');
    expect(percent(0)).toBe('0.0%');
    expect(percent(100)).toBe('100.0%');
    expect(percent(Number.NaN)).toBe('0.0%');
  });

  it('writes counts with thousands separators and UTC days as short dates', () => {
    expect(count(12345)).toBe('12,345');
    expect(shortDay('2026-01-05')).toBe('Jan 5');
    expect(shortDay('not a day')).toBe('not a day');
  });

  it('finds the busiest day, or none when every day is zero', () => {
    const days = [
      { date: '2026-01-01', n: 0 },
      { date: '2026-01-02', n: 3 },
      { date: '2026-01-03', n: 3 },
    ];
    expect(busiestDay(days, (day) => day.n)).toEqual({ date: '2026-01-02', value: 3 });
    expect(busiestDay(days.slice(0, 1), (day) => day.n)).toBeNull();
  });

  it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 120, 499, 501].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 500, 1000]);
  });

  it("names a place without the server's unknowns", () => {
    expect(place('Accra', 'Ghana')).toBe('Accra, Ghana');
    expect(place('unknown', 'Ghana')).toBe('Ghana');
    expect(place('unknown', 'unknown')).toBe('Unknown');
  });
});
