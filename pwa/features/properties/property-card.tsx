import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Property } from '../../lib/contract.ts';
import { formatPrice, imageList, periodLabel, propertyTypeLabel } from '../../lib/format.ts';
import { AgentLicenseBadge } from '../../ui/agent-license-badge.tsx';
import { Badge } from '../../ui/card.tsx';
import { ListImage } from '../../ui/list-image.tsx';
import { RatingLine } from '../../ui/rating-line.tsx';
import { useT } from '../../i18n/i18n.ts';

type Props = { property: Property; badge?: ReactNode; action?: ReactNode; layout?: 'grid' | 'list'; eager?: boolean };

export function PropertyCard({ property, badge, action, layout = 'grid', eager = false }: Props) {
  const image = imageList(property.images, property.image)[0];
  const { t, tn } = useT();
  return (
    <article
      className={`group relative overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm ${layout === 'list' ? 'grid grid-cols-[40%_1fr] sm:grid-cols-[260px_1fr]' : ''}`}
    >
      <div className="relative">
        <ListImage src={image} alt={property.title} eager={eager} layout={layout} />
        {badge && <div className="absolute left-2 top-2 z-10">{badge}</div>}
        {action && <div className="absolute right-2 top-2 z-10">{action}</div>}
      </div>
      <div className="grid gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold">
          <Link
            to="/property/$id"
            params={{ id: property.id }}
            className="after:absolute after:inset-0 hover:underline"
          >
            {property.title}
          </Link>
        </h3>
        <p className="text-sm text-stone-700">{[property.city, property.country].filter(Boolean).join(', ')}</p>
        <p className="text-sm text-stone-700">
          {t('card.facts', {
            bedrooms: property.bedrooms,
            bathrooms: property.bathrooms,
            type: propertyTypeLabel(property.propertyType),
          })}
        </p>
        <p className="mt-1 text-lg font-bold text-teal-800">
          {formatPrice(property)}
          <span className="text-sm font-normal text-stone-700">{periodLabel(property.pricingPeriod)}</span>
        </p>
        <RatingLine rating={property.averageRating} count={property.reviewCount} />
        {(property.isVerified || property.exceedsRentActAdvance || property.ownerAgentLicense) && (
          <div className="flex flex-wrap gap-1">
            {property.isVerified && <Badge tone="green">{t('card.verified')}</Badge>}
            {/* More up front than Ghana's Rent Act allows: the listing page says what the law is. */}
            {property.exceedsRentActAdvance && property.advanceRentMonths !== null && (
              <Badge tone="amber">
                {t('card.rentUpFront', { months: tn('count.month', property.advanceRentMonths) })}
              </Badge>
            )}
            <AgentLicenseBadge label={property.ownerAgentLicense} />
          </div>
        )}
      </div>
    </article>
  );
}
