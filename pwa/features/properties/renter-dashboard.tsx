import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { User } from '../../lib/contract.ts';
import { useMyProperties } from '../../lib/queries/my-properties.queries.ts';
import { useUnreadMessages } from '../../lib/queries/unread-messages.queries.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { FavoriteButton } from './favorite-button.tsx';
import { useFavorites } from './favorites.queries.ts';
import { PropertyCard } from './property-card.tsx';
import { QuickSearch } from './quick-search.tsx';
import { useSearch } from './search.queries.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAccount } from '../../i18n/en-account.ts';

const SearchAlertsList = lazy(() =>
  import('./search-alerts/search-alerts-list.tsx').then((module) => ({ default: module.SearchAlertsList })),
);

export function RenterDashboard({ user }: { user: User }) {
  const mine = useMyProperties();
  const favorites = useFavorites(true);
  const recommended = useSearch({ page: 1, limit: 4 });
  const unread = useUnreadMessages(true);
  const { t } = useT(enAccount);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8">
      <section className="grid gap-4">
        <h1 className="text-2xl font-bold md:text-3xl">
          {user.firstName ? t('dashboard.welcomeName', { name: user.firstName }) : t('dashboard.welcome')}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/search" className={buttonClass('primary')}>
            {t('dashboard.findPlace')}
          </Link>
          <Link to="/list-property" className={buttonClass('secondary')}>
            {t('dashboard.listProperty')}
          </Link>
        </div>
        <QuickSearch label={t('dashboard.quickSearch')} />
      </section>
      <section aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="mb-3 text-xl font-semibold">
          {t('dashboard.activity')}
        </h2>
        <ul className="grid grid-cols-3 gap-3">
          <Stat label={t('dashboard.yourProperties')} value={mine.data?.length} to="/host-dashboard" />
          <Stat label={t('dashboard.savedProperties')} value={favorites.data?.length} to="/search" saved />
          <Stat label={t('dashboard.unread')} value={unread.data?.unread} to="/messages" />
        </ul>
      </section>
      <Suspense fallback={null}>
        <SearchAlertsList />
      </Suspense>
      <section aria-labelledby="recommended-heading">
        <h2 id="recommended-heading" className="mb-3 text-xl font-semibold">
          {t('dashboard.recommended')}
        </h2>
        {recommended.isPending ? (
          <Spinner label={t('dashboard.loadingRecommendations')} />
        ) : (
          <CardGrid
            properties={recommended.data?.properties.slice(0, 4) ?? []}
            empty={t('dashboard.noRecommendations')}
          />
        )}
      </section>
      <section aria-labelledby="quick-actions-heading">
        <h2 id="quick-actions-heading" className="mb-3 text-xl font-semibold">
          {t('dashboard.quickActions')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/search" search={{ saved: true }} className={buttonClass('secondary')}>
            {t('dashboard.saved')}
          </Link>
          <Link to="/host-dashboard" className={buttonClass('secondary')}>
            {t('dashboard.manageListings')}
          </Link>
          <Link to="/account-settings" className={buttonClass('secondary')}>
            {t('dashboard.accountSettings')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading" className="mb-3 text-xl font-semibold">
          {t('dashboard.recentlySaved')}
        </h2>
        {favorites.isPending ? (
          <Spinner label={t('dashboard.loadingSaved')} />
        ) : (
          <CardGrid properties={favorites.data?.slice(0, 3) ?? []} empty={t('dashboard.noSaved')} />
        )}
      </section>
      <Card>
        <h2 className="text-lg font-semibold">{t('dashboard.tips')}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
          <li>{t('dashboard.tip1')}</li>
          <li>{t('dashboard.tip2')}</li>
          <li>{t('dashboard.tip3')}</li>
        </ul>
      </Card>
    </div>
  );
}

function Stat({
  label,
  value,
  to,
  saved,
}: {
  label: string;
  value: number | undefined;
  to?: '/host-dashboard' | '/search' | '/messages';
  saved?: boolean;
}) {
  const body = (
    <>
      <span className="block text-2xl font-bold text-teal-800">{value ?? '–'}</span>
      <span className="text-sm text-stone-700">{label}</span>
    </>
  );
  const box = 'block rounded-xl border border-stone-200 bg-white p-4 text-center';
  return (
    <li>
      {to ? (
        <Link to={to} search={saved ? { saved: true } : {}} className={`${box} hover:border-teal-700`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

function CardGrid({ properties, empty }: { properties: import('../../lib/contract').Property[]; empty: string }) {
  if (properties.length === 0) return <p className="text-stone-700">{empty}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {properties.map((property) => (
        <li key={property.id}>
          <PropertyCard property={property} action={<FavoriteButton property={property} place="card" />} />
        </li>
      ))}
    </ul>
  );
}
