import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { Badge } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { useHomeListing } from './featured.queries.ts';
import { PropertyCard } from './property-card.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enHome } from '../../i18n/en-home.ts';

/** Featured Properties, else "Available" from a general search, else the empty state. */
export function HomeListing() {
  const listing = useHomeListing();
  const { t } = useT(enHome);
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="featured-heading" className="text-2xl font-bold">
          {t('home.featured')}
        </h2>
        <Link to="/search" className="text-sm font-semibold text-teal-800 hover:underline">
          {t('home.viewAll')}
        </Link>
      </div>
      {listing.status === 'pending' && (
        <div className="flex justify-center py-10">
          <Spinner label={t('home.loading')} />
        </div>
      )}
      {listing.status === 'error' && <p className="text-stone-700">{t('home.failed')}</p>}
      {listing.status === 'success' && listing.data.properties.length === 0 && (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
          <p className="text-lg font-semibold">{t('home.empty')}</p>
          <p className="mt-1 text-stone-700">{t('home.beFirst')}</p>
          <Link
            to="/register"
            search={{ userType: 'property_professional' }}
            className={buttonClass('primary', 'mt-4')}
          >
            {t('home.listNow')}
          </Link>
        </div>
      )}
      {listing.status === 'success' && listing.data.properties.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listing.data.properties.map((property, index) => (
            <li key={property.id}>
              <PropertyCard
                property={property}
                eager={index === 0}
                badge={
                  <Badge tone="teal">
                    {listing.data.source === 'featured' ? t('home.badgeFeatured') : t('home.badgeAvailable')}
                  </Badge>
                }
                action={<FavoriteButton property={property} place="card" />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
