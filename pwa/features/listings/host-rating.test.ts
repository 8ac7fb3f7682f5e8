import { describe, expect, it } from 'vitest';
import { hostRating } from './host-rating.ts';

describe('hostRating', () => {
  it('says — before the first review, not 0.0', () => {
    expect(hostRating([])).toBe('—');
    expect(hostRating([{ averageRating: null, reviewCount: 0 }])).toBe('—');
  });

  it('weighs each listing by its number of reviews, to one decimal', () => {
    expect(
      hostRating([
        { averageRating: 5, reviewCount: 1 },
        { averageRating: 3, reviewCount: 3 },
        { averageRating: null, reviewCount: 0 },
      ]),
    ).toBe('3.5');
    expect(hostRating([{ averageRating: 4.3, reviewCount: 7 }])).toBe('4.3');
  });
});
