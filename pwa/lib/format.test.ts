import { describe, expect, it } from 'vitest';
import { advanceRentText } from './format.ts';

describe('advance rent text', () => {
  it('says the months a listing asks up front, one month singular, none as none', () => {
    expect(advanceRentText(24)).toBe('Rent up front: 24 months');
    expect(advanceRentText(1)).toBe('Rent up front: 1 month');
    expect(advanceRentText(0)).toBe('No rent up front');
  });
});
