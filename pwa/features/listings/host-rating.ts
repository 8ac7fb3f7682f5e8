import type { Property } from '../../lib/contract.ts';

/**
 * The host's rating over all their reviews, one decimal (the spec's "average rating"): each
 * listing's average weighs as many reviews as it has, so one 5-star review does not outweigh fifty
 * 3-star ones. "—" before the first review, where 0.0 would read as the worst of ratings.
 */
export function hostRating(properties: readonly Pick<Property, 'averageRating' | 'reviewCount'>[]): string {
  let stars = 0;
  let reviews = 0;
  for (const { averageRating, reviewCount } of properties) {
    if (averageRating === null || reviewCount <= 0) continue;
    stars += averageRating * reviewCount;
    reviews += reviewCount;
  }
  return reviews === 0 ? '—' : (stars / reviews).toFixed(1);
}
