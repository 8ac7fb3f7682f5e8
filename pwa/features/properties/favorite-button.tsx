import type { Property } from '../../lib/contract.ts';
import { useAuth } from '../../lib/current-user.ts';
import { toast } from '../../ui/toast.ts';
import { StorageError, StorageFullError } from '../../offline/storage-errors.ts';
import { useFavorites, useSetFavorite } from './favorites.queries.ts';
import { useT } from '../../i18n/i18n.ts';

type Props = { property: Property; place: 'card' | 'detail' };

export function FavoriteButton({ property, place }: Props) {
  const auth = useAuth();
  const signedIn = auth.status === 'authenticated';
  const favorites = useFavorites(signedIn);
  const setFavorite = useSetFavorite();
  const { t } = useT();
  const saved = favorites.data?.some((item) => item.id === property.id) ?? false;

  if (place === 'detail' && !signedIn) return null;

  const onClick = () => {
    if (!signedIn) {
      toast({ title: t('common.error'), description: t('favorite.signIn'), variant: 'destructive' });
      return;
    }
    setFavorite.mutate(
      { property, favorite: !saved },
      {
        onError: (error) =>
          toast(
            // The phone could not store the wish (storage full, say): its own words say what to do.
            error instanceof StorageFullError || error instanceof StorageError
              ? { title: t('favorite.notSaved'), description: error.message, variant: 'destructive' }
              : place === 'detail'
                ? { title: t('favorite.failed'), variant: 'destructive' }
                : {
                    title: t('common.error'),
                    description: t('favorite.failed'),
                    variant: 'destructive',
                  },
          ),
      },
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={saved}
      aria-label={t(saved ? 'favorite.remove' : 'favorite.save', { title: property.title })}
      className={
        place === 'card'
          ? 'inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow hover:bg-white'
          : 'inline-flex min-h-10 items-center gap-2 rounded-md border border-stone-300 bg-white px-4 text-sm font-medium hover:bg-stone-100'
      }
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`size-5 ${saved ? 'fill-red-600 stroke-red-600' : 'fill-none stroke-stone-800'}`}
        strokeWidth="2"
      >
        <path d="M12 21s-7-4.35-9.5-8.5C.5 8.5 3 4 7 4c2 0 3.5 1 5 3 1.5-2 3-3 5-3 4 0 6.5 4.5 4.5 8.5C19 16.65 12 21 12 21z" />
      </svg>
      {place === 'detail' && (saved ? t('favorite.saved') : t('favorite.saveButton'))}
    </button>
  );
}
