import { Pager } from '../../ui/pager.tsx';
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { rememberAfterSignIn } from '../../lib/after-sign-in.ts';
import { useAuth } from '../../lib/current-user.ts';
import { PROVIDER_CATEGORIES, type ProviderCategory, type ServiceProvider } from '../../lib/contract.ts';
import { Badge, Card } from '../../ui/card.tsx';
import { inputClass } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { CenteredSpinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import { CATEGORY_INFO, categoryName } from './categories.ts';
import { useDirectory } from './services.queries.ts';
import type { DirectoryFilter } from './services-search.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enServices } from '../../i18n/en-services.ts';

const ALL = 'all';

/** The directory of approved providers; signed-in people only (spec part 2 §2, §6). */
export function DirectoryView({
  filter,
  onFilter,
}: {
  filter: DirectoryFilter;
  onFilter: (filter: DirectoryFilter) => void;
}) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { t, tn } = useT(enServices);
  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    toast({ title: t('services.signUpOrLogIn'), description: t('services.signUpToSee') });
    rememberAfterSignIn('services-directory');
    void navigate({ to: '/register', search: { action: 'services' } });
  }, [auth.status, navigate, t]);
  const list = useDirectory(filter, auth.status === 'authenticated');
  const [area, setArea] = useState(filter.area ?? '');
  // One request when the person stops typing, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filter.area ?? '') !== area.trim()) onFilter({ ...filter, area: area.trim() || undefined, page: 1 });
    }, 400);
    return () => clearTimeout(timer);
  }, [area, filter, onFilter]);

  if (auth.status !== 'authenticated') return <CenteredSpinner />;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[220px_1fr_auto] sm:items-end">
        <SelectField
          label={t('services.category')}
          value={filter.category ?? ALL}
          onValueChange={(value) =>
            onFilter({ ...filter, category: value === ALL ? undefined : (value as ProviderCategory), page: 1 })
          }
          options={[
            { value: ALL, label: t('services.allCategories') },
            ...PROVIDER_CATEGORIES.map((id) => ({ value: id, label: translateText(CATEGORY_INFO[id].name) })),
          ]}
        />
        <div className="grid gap-1">
          <label htmlFor="service-area" className="text-sm font-medium">
            {t('services.area')}
          </label>
          <input
            id="service-area"
            type="search"
            className={inputClass}
            placeholder={t('services.areaPlaceholder')}
            value={area}
            onChange={(event) => setArea(event.target.value)}
          />
        </div>
        <label className="flex min-h-10 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-teal-700"
            checked={filter.emergency === true}
            onChange={(event) => onFilter({ ...filter, emergency: event.target.checked || undefined, page: 1 })}
          />
          {t('services.emergencyOnly')}
        </label>
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {data ? tn('services.providers', data.total) : t('services.loading')}
      </p>
      {list.isPending && <CenteredSpinner />}
      {list.isError && <p role="alert">{t('services.loadFailed')}</p>}
      {data && data.providers.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-semibold">{t('services.none')}</h2>
          <p className="mt-1 text-stone-700">
            {filter.category || filter.area || filter.emergency ? t('services.tryAnother') : t('services.soon')}
          </p>
        </Card>
      )}
      <ul className="grid gap-3 sm:grid-cols-2">
        {data?.providers.map((provider) => (
          <li key={provider.id}>
            <ProviderCard provider={provider} />
          </li>
        ))}
      </ul>
      <Pager page={filter.page} pages={pages} onPage={(page) => onFilter({ ...filter, page })} />
    </div>
  );
}

function ProviderCard({ provider }: { provider: ServiceProvider }) {
  const { t, tn } = useT(enServices);
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Badge tone="green">{t('services.verified')}</Badge>
        {provider.emergencyAvailable && <Badge tone="amber">{t('services.emergency')}</Badge>}
      </div>
      <h3 className="text-lg font-semibold">{provider.businessName}</h3>
      <p className="text-sm font-medium text-teal-800">{translateText(categoryName(provider.categoryId))}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{t('services.contact')}</dt>
        <dd>{provider.contactPerson}</dd>
        <dt className="text-stone-600">{t('services.phone')}</dt>
        <dd>
          <a className="text-teal-800 underline" href={`tel:${provider.phone}`}>
            {provider.phone}
          </a>
        </dd>
        <dt className="text-stone-600">{t('services.email')}</dt>
        <dd className="break-all">
          <a className="text-teal-800 underline" href={`mailto:${provider.email}`}>
            {provider.email}
          </a>
        </dd>
        <dt className="text-stone-600">{t('services.areaShort')}</dt>
        <dd>{provider.serviceArea}</dd>
        <dt className="text-stone-600">{t('services.experience')}</dt>
        <dd>{tn('services.years', provider.yearsExperience)}</dd>
      </dl>
      <p className="text-sm">
        <span className="font-medium">{t('services.services')}</span> {provider.servicesOffered}
      </p>
      {provider.description && <p className="text-sm text-stone-700">{provider.description}</p>}
    </Card>
  );
}
