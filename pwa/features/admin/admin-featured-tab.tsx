import type { Property } from '../../lib/contract.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.ts';
import {
  useAdminFeatured,
  useAdminProperties,
  useReorderFeatured,
  useSetFeatured,
} from './admin-properties.queries.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAdmin } from '../../i18n/en-admin.ts';

const CANDIDATES_SHOWN = 10;

export function AdminFeaturedTab() {
  const { t } = useT(enAdmin);
  const featured = useAdminFeatured();
  const candidates = useAdminProperties({ search: '', status: 'active', page: 1, limit: 100 });
  const reorder = useReorderFeatured();
  const setFeatured = useSetFeatured();
  const list = featured.data ?? [];

  // Moving swaps two neighbours and sends the whole list's new 1-based order.
  const move = (index: number, delta: number) => {
    const next = [...list];
    const other = index + delta;
    if (other < 0 || other >= next.length) return;
    [next[index], next[other]] = [next[other]!, next[index]!];
    reorder.mutate(
      next.map((item, position) => ({ id: item.id, order: position + 1 })),
      {
        onError: () => toast({ title: 'Error', description: 'Failed to reorder properties', variant: 'destructive' }),
      },
    );
  };
  const feature = (property: Property, on: boolean) =>
    setFeatured.mutate(
      { id: property.id, isFeatured: on, featuredOrder: on ? list.length + 1 : null },
      {
        onSuccess: () => toast({ title: on ? 'Property featured' : 'Removed from featured' }),
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update featured status', variant: 'destructive' }),
      },
    );

  const others = (candidates.data?.properties ?? [])
    .filter((item) => item.isVerified && !list.some((shown) => shown.id === item.id))
    .slice(0, CANDIDATES_SHOWN);
  return (
    <div className="grid gap-6">
      <Card>
        <h2 className="text-lg font-semibold">{t('admin.featuredOrder')}</h2>
        {featured.isPending && <Spinner />}
        {featured.data && list.length === 0 && <p className="mt-2 text-stone-700">{t('admin.noFeatured')}</p>}
        <ol className="mt-3 grid gap-2">
          {list.map((property, index) => (
            <li key={property.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-stone-200 p-3">
              <span className="w-6 font-bold">{index + 1}</span>
              <span className="min-w-0 flex-1 truncate">{property.title}</span>
              <Button
                variant="secondary"
                aria-label={t('admin.moveUp', { title: property.title })}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                variant="secondary"
                aria-label={t('admin.moveDown', { title: property.title })}
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
              <Button variant="ghost" onClick={() => feature(property, false)}>
                {t('admin.remove')}
              </Button>
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">{t('admin.liveToFeature')}</h2>
        {candidates.isPending && <Spinner />}
        <ul className="mt-3 grid gap-2">
          {others.map((property) => (
            <li key={property.id} className="flex items-center gap-2 rounded-lg border border-stone-200 p-3">
              <span className="min-w-0 flex-1 truncate">{property.title}</span>
              <Button
                onClick={() => feature(property, true)}
                aria-label={t('admin.featureTitle', { title: property.title })}
              >
                {t('admin.feature')}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
