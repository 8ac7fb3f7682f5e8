import { describe, expect, it } from 'vitest';
import { exceedsRentActAdvance, RENT_ACT_ADVANCE_LIMIT_MONTHS } from './advance-rent.policy.ts';

const rental = (advanceRentMonths: number | null, country = 'Ghana') => ({
  country,
  listingType: 'rent',
  advanceRentMonths,
});

describe('the Rent Act’s limit on advance rent', () => {
  it('is six months', () => {
    expect(RENT_ACT_ADVANCE_LIMIT_MONTHS).toBe(6);
  });

  it('is exceeded by a Ghanaian rental asking more than six months up front', () => {
    expect(exceedsRentActAdvance(rental(7))).toBe(true);
    expect(exceedsRentActAdvance(rental(24))).toBe(true);
  });

  it('is kept by six months or less, and by a listing that does not say', () => {
    expect(exceedsRentActAdvance(rental(6))).toBe(false);
    expect(exceedsRentActAdvance(rental(0))).toBe(false);
    expect(exceedsRentActAdvance(rental(null))).toBe(false);
  });

  it('applies only in Ghana, and only to rentals', () => {
    expect(exceedsRentActAdvance(rental(24, 'Jamaica'))).toBe(false);
    expect(exceedsRentActAdvance({ ...rental(24), listingType: 'sale' })).toBe(false);
  });
});
