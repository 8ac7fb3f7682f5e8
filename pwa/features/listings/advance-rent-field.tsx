import { useState } from 'react';
import { exceedsRentActAdvance } from '../../lib/contract.ts';
import { TextField } from '../../ui/field.tsx';
import { advanceRentProblem, advanceRentValue, type ListingDraft } from './listing-form.schema.ts';

type Props = { draft: ListingDraft; onChange: (patch: Partial<ListingDraft>) => void };

/**
 * A rental's months of rent asked up front (issue 33): optional, checked by the contract's rule once
 * the host leaves it. Asking more than the Rent Act allows is not refused; the host is told that the
 * listing will say so, while typing, so it is no surprise on the listing page.
 */
export function AdvanceRentField({ draft, onChange }: Props) {
  const [left, setLeft] = useState(false);
  const problem = left ? advanceRentProblem(draft.advanceRentMonths) : undefined;
  const months = advanceRentValue(draft.advanceRentMonths);
  const aboveLimit =
    typeof months === 'number' &&
    exceedsRentActAdvance({ country: draft.country, listingType: draft.listingType, advanceRentMonths: months });
  return (
    <TextField
      label="Rent paid up front (months)"
      inputMode="numeric"
      autoComplete="off"
      value={draft.advanceRentMonths}
      onChange={(event) => onChange({ advanceRentMonths: event.target.value })}
      onBlur={() => setLeft(true)}
      placeholder="e.g. 6"
      hint={
        <>
          <p className="text-sm text-stone-700">
            How many months of rent a tenant pays before moving in. Leave it empty if you would rather not say.
          </p>
          {/* Always there, so a screen reader hears the notice when it appears. */}
          <div aria-live="polite">
            {aboveLimit && (
              <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                Ghana's Rent Act, 1963 (Act 220) limits advance rent to six months. You can still list, but your listing
                will carry a notice telling renters about the limit.
              </p>
            )}
          </div>
        </>
      }
      error={problem}
    />
  );
}
