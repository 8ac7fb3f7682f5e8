import type { Property } from '../../lib/contract.ts';
import { advanceRentText, countOf } from '../../lib/format.ts';

/**
 * What a listing asks up front (issue 33): the months, when the host said; and, for a Ghanaian rental
 * asking more than the Rent Act's six months, a notice telling renters what the law allows.
 */
export function AdvanceRent({ property, ownerLabel }: { property: Property; ownerLabel: string }) {
  const months = property.advanceRentMonths;
  if (months == null || property.listingType !== 'rent') return null;
  return (
    <>
      <p className="font-medium text-stone-900">{advanceRentText(months)}</p>
      {property.exceedsRentActAdvance && (
        <div role="note" className="grid gap-1 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">
            This {ownerLabel.toLowerCase()} asks for {countOf(months, 'month')} of rent up front.
          </p>
          <p className="text-sm">
            Ghana's Rent Act, 1963 (Act 220) limits advance rent to six months. You do not have to pay more than that.
            Never pay anything before you have seen the place and its documents.
          </p>
        </div>
      )}
    </>
  );
}
