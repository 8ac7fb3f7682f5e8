import type { Property } from '../../lib/contract.ts';
import { advanceRentText } from '../../lib/format.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

/**
 * What a listing asks up front (issue 33): the months, when the host said; and, for a Ghanaian rental
 * asking more than the Rent Act's six months, a notice telling renters what the law allows.
 */
export function AdvanceRent({ property }: { property: Property }) {
  const { t, tn } = useT(enListing);
  const months = property.advanceRentMonths;
  if (months == null || property.listingType !== 'rent') return null;
  return (
    <>
      <p className="font-medium text-stone-900">{advanceRentText(months)}</p>
      {property.exceedsRentActAdvance && (
        <div role="note" className="grid gap-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">
            {t(property.ownerUserType === 'agent' ? 'listing.agentAsks' : 'listing.landlordAsks', {
              months: tn('count.month', months),
            })}
          </p>
          <p className="text-sm">{t('listing.rentActLaw')}</p>
        </div>
      )}
    </>
  );
}
