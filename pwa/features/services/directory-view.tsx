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
  useEffect(() => {
    if (auth.status !== 'unauthenticated') return;
    toast({ title: 'Sign up or log in', description: 'Please sign up or log in to see the service directory.' });
    rememberAfterSignIn('services-directory');
    void navigate({ to: '/register', search: { action: 'services' } });
  }, [auth.status, navigate]);
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
          label="Category"
          value={filter.category ?? ALL}
          onValueChange={(value) =>
            onFilter({ ...filter, category: value === ALL ? undefined : (value as ProviderCategory), page: 1 })
          }
          options={[
            { value: ALL, label: 'All categories' },
            ...PROVIDER_CATEGORIES.map((id) => ({ value: id, label: CATEGORY_INFO[id].name })),
          ]}
        />
        <div className="grid gap-1">
          <label htmlFor="service-area" className="text-sm font-medium">
            Service area
          </label>
          <input
            id="service-area"
            type="search"
            className={inputClass}
            placeholder="e.g. Accra"
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
          Emergency only
        </label>
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {data ? `${data.total} ${data.total === 1 ? 'provider' : 'providers'}` : 'Loading…'}
      </p>
      {list.isPending && <CenteredSpinner />}
      {list.isError && <p role="alert">The directory could not be loaded. Please try again.</p>}
      {data && data.providers.length === 0 && (
        <Card className="text-center">
          <h2 className="text-lg font-semibold">No service providers found</h2>
          <p className="mt-1 text-stone-700">
            {filter.category || filter.area || filter.emergency
              ? 'Try another category or area.'
              : 'Approved businesses will appear here soon.'}
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
  return (
    <Card className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Badge tone="green">Verified</Badge>
        {provider.emergencyAvailable && <Badge tone="amber">Emergency Available</Badge>}
      </div>
      <h3 className="text-lg font-semibold">{provider.businessName}</h3>
      <p className="text-sm font-medium text-teal-800">{categoryName(provider.categoryId)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">Contact</dt>
        <dd>{provider.contactPerson}</dd>
        <dt className="text-stone-600">Phone</dt>
        <dd>
          <a className="text-teal-800 underline" href={`tel:${provider.phone}`}>
            {provider.phone}
          </a>
        </dd>
        <dt className="text-stone-600">Email</dt>
        <dd className="break-all">
          <a className="text-teal-800 underline" href={`mailto:${provider.email}`}>
            {provider.email}
          </a>
        </dd>
        <dt className="text-stone-600">Area</dt>
        <dd>{provider.serviceArea}</dd>
        <dt className="text-stone-600">Experience</dt>
        <dd>
          {provider.yearsExperience} {provider.yearsExperience === 1 ? 'year' : 'years'}
        </dd>
      </dl>
      <p className="text-sm">
        <span className="font-medium">Services:</span> {provider.servicesOffered}
      </p>
      {provider.description && <p className="text-sm text-stone-700">{provider.description}</p>}
    </Card>
  );
}
