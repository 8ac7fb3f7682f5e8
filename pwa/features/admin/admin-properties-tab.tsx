import { Pager } from '../../ui/pager.tsx';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Property } from '../../lib/contract.ts';
import { formatPrice, periodLabel } from '../../lib/format.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Badge, Card } from '../../ui/card.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { inputClass } from '../../ui/field.tsx';
import { SelectField } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import {
  useAdminDelete,
  useAdminProperties,
  useApprove,
  useSetFeatured,
  useSetVisibility,
  type AdminStatus,
} from './admin-properties.queries.ts';
import { translateText, useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const PAGE_SIZE = 20;

/**
 * The filter's words are the cards' words (issue 28, docs/decisions/190): the spec's values
 * stay what the API takes; "unverified" is what a card calls Pending Approval, "active" is
 * Live, "inactive" is Hidden.
 */
const STATUS_FILTER_LABELS: Record<AdminStatus, string> = {
  // In the filter's order: what waits for the admin first, the spec's five values in the order of a listing's life.
  all: 'All properties',
  unverified: 'Pending Approval',
  active: 'Live',
  inactive: 'Hidden',
  verified: 'Approved (Live or Hidden)',
};

const FILTER_ORDER = Object.keys(STATUS_FILTER_LABELS) as AdminStatus[];

/** A listing's state in the words of the filter above: one of them, never two that contradict each other. */
function moderationBadges(
  property: Pick<Property, 'isVerified' | 'isActive'>,
): { label: string; tone: 'amber' | 'green' | 'neutral' }[] {
  if (!property.isVerified)
    return [
      { label: 'Pending Approval', tone: 'amber' },
      ...(property.isActive ? [] : [{ label: 'Hidden', tone: 'neutral' as const }]),
    ];
  return [property.isActive ? { label: 'Live', tone: 'green' } : { label: 'Hidden', tone: 'neutral' }];
}

export function AdminPropertiesTab() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<AdminStatus>('all');
  const [page, setPage] = useState(1);
  // One request when the admin stops typing, not one per key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const list = useAdminProperties({ search, status, page });
  const { t, tn } = useT(enAdmin);
  if (list.isError) return <AccessDenied />;
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? PAGE_SIZE)));
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_220px]">
        <div className="grid gap-1">
          <label htmlFor="admin-search" className="text-sm font-medium">
            {t('admin.searchProperties')}
          </label>
          <input
            id="admin-search"
            type="search"
            className={inputClass}
            value={text}
            placeholder={t('admin.searchPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <SelectField
          label={t('admin.status')}
          value={status}
          onValueChange={(value) => {
            setStatus(value as AdminStatus);
            setPage(1);
          }}
          options={FILTER_ORDER.map((value) => ({ value, label: translateText(STATUS_FILTER_LABELS[value]) }))}
        />
      </div>
      <p className="text-sm text-stone-700" aria-live="polite">
        {list.data ? tn('admin.properties', list.data.total) : t('admin.loading')}
      </p>
      {list.isPending && <Spinner />}
      <ul className="grid gap-3">
        {list.data?.properties.map((property) => (
          <li key={property.id}>
            <AdminPropertyRow property={property} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

function AdminPropertyRow({ property }: { property: Property }) {
  const approve = useApprove();
  const visibility = useSetVisibility();
  const featured = useSetFeatured();
  const remove = useAdminDelete();
  const { t } = useT(enAdmin);
  const owner = [property.ownerFirstName, property.ownerLastName].filter(Boolean).join(' ');
  return (
    <Card className="grid gap-3 sm:grid-cols-[1fr_auto]">
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2">
          {moderationBadges(property).map((badge) => (
            <Badge key={badge.label} tone={badge.tone}>
              {translateText(badge.label)}
            </Badge>
          ))}
          {property.isFeatured && <Badge tone="teal">{t('admin.featured')}</Badge>}
        </div>
        <h3 className="mt-2 font-semibold">
          <Link to="/property/$id" params={{ id: property.id }} className="hover:underline">
            {property.title}
          </Link>
        </h3>
        <p className="text-sm text-stone-700">
          {property.city}, {property.country} · {formatPrice(property)}
          {periodLabel(property.pricingPeriod)}
          {owner ? ` · ${owner}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-start gap-2">
        {!property.isVerified && (
          <Button
            disabled={approve.isPending}
            onClick={() =>
              void approve.mutateAsync(property.id).then(
                () =>
                  toast({
                    title: 'Property approved',
                    description: 'Property has been approved and is now visible to the public.',
                  }),
                () => toast({ title: 'Error', description: 'Failed to approve property', variant: 'destructive' }),
              )
            }
          >
            {t('admin.approve')}
          </Button>
        )}
        {property.isVerified && (
          <Button
            variant="secondary"
            disabled={visibility.isPending}
            onClick={() =>
              void visibility.mutateAsync({ id: property.id, isActive: !property.isActive }).then(
                () => toast({ title: property.isActive ? 'Property hidden' : 'Property shown' }),
                () =>
                  toast({
                    title: 'Error',
                    description: 'Failed to update property visibility',
                    variant: 'destructive',
                  }),
              )
            }
          >
            {property.isActive ? t('admin.hide') : t('admin.show')}
          </Button>
        )}
        {property.isVerified && property.isActive && (
          <Button
            variant="secondary"
            disabled={featured.isPending}
            onClick={() =>
              void featured
                .mutateAsync({ id: property.id, isFeatured: !property.isFeatured, featuredOrder: null })
                .then(
                  () => toast({ title: property.isFeatured ? 'Removed from featured' : 'Property featured' }),
                  () =>
                    toast({ title: 'Error', description: 'Failed to update featured status', variant: 'destructive' }),
                )
            }
          >
            {property.isFeatured ? t('admin.unfeature') : t('admin.feature')}
          </Button>
        )}
        <ConfirmDialog
          title={t('admin.deletePermanently')}
          description={t('admin.deleteText', { title: property.title })}
          confirmLabel={t('admin.delete')}
          trigger={<Button variant="danger">{t('admin.delete')}</Button>}
          onConfirm={() =>
            void remove.mutateAsync(property.id).then(
              () => toast({ title: 'Property deleted permanently' }),
              () => toast({ title: 'Error', description: 'Failed to delete property', variant: 'destructive' }),
            )
          }
        />
      </div>
    </Card>
  );
}

export function AccessDenied() {
  const { t } = useT(enAdmin);
  return (
    <Card className="mx-auto max-w-md text-center">
      <h2 className="text-xl font-bold">{t('admin.accessDenied')}</h2>
      <p className="mt-2 text-stone-700">{t('admin.needRights')}</p>
      <Link to="/dashboard" className={buttonClass('primary', 'mt-4')}>
        {t('admin.backToDashboard')}
      </Link>
    </Card>
  );
}
