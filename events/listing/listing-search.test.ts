import { describe, expect, it } from 'vitest';
import { monthlyEquivalent } from './listing-search.ts';

describe('monthlyEquivalent', () => {
  it('turns a price per week, month or year into a month’s worth', () => {
    expect(monthlyEquivalent(1200, 'year')).toBe(100);
    expect(monthlyEquivalent(1500.5, 'month')).toBe(1500.5);
    expect(monthlyEquivalent(300, 'week')).toBeCloseTo(1300, 9);
  });

  it('counts a period it does not know as a month, even one named like an object’s own property', () => {
    expect(monthlyEquivalent(900, 'fortnight')).toBe(900);
    expect(monthlyEquivalent(900, 'toString')).toBe(900);
  });
});
