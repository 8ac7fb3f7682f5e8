import { describe, expect, it } from 'vitest';
import { analyticsWindow, conversionRate, dailySeries, utcDay } from './analytics-window.ts';

describe('analyticsWindow', () => {
  it('is the last N UTC calendar days, today included', () => {
    const now = new Date('2026-03-10T00:30:00.000Z');
    expect(analyticsWindow(now, 7)).toEqual({
      days: 7,
      from: '2026-03-04',
      to: '2026-03-10',
      start: new Date('2026-03-04T00:00:00.000Z'),
    });
    expect(analyticsWindow(now, 30).start).toEqual(new Date('2026-02-09T00:00:00.000Z'));
    expect(analyticsWindow(new Date('2026-03-10T23:59:59.999Z'), 90).from).toBe('2025-12-11');
  });
});

describe('dailySeries', () => {
  it('has one entry per day, oldest first, with zeros for days without views', () => {
    const window = analyticsWindow(new Date('2026-01-02T10:00:00Z'), 7);
    const series = dailySeries(window, [{ date: '2025-12-29', visitors: 2, pageViews: 5 }]);
    expect(series.map((d) => d.date)).toEqual([
      '2025-12-27',
      '2025-12-28',
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(series[2]).toEqual({ date: '2025-12-29', visitors: 2, pageViews: 5 });
    expect(series.filter((d) => d.pageViews === 0)).toHaveLength(6);
  });
});

describe('conversionRate', () => {
  it('is registered ÷ unique as a percentage to one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(1, 8)).toBe(12.5);
    expect(conversionRate(1, 16)).toBe(6.3);
    expect(conversionRate(3, 3)).toBe(100);
    expect(conversionRate(0, 5)).toBe(0);
  });
  it('is 0 without visitors', () => {
    expect(conversionRate(0, 0)).toBe(0);
  });
});

describe('utcDay', () => {
  it('is the UTC date', () => {
    expect(utcDay(new Date('2026-03-04T23:59:59.999Z'))).toBe('2026-03-04');
    expect(utcDay(new Date('2026-03-05T00:00:00.000Z'))).toBe('2026-03-05');
  });
});
