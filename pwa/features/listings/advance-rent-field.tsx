import { useState } from 'react';
import { exceedsRentActAdvance } from '../../lib/contract.ts';
import { TextField } from '../../ui/field.tsx';
import { advanceRentProblem, advanceRentValue, type ListingDraft } from './listing-form.schema.ts';
import { t, translateText, useT } from '../../i18n/i18n.ts';
import { enHost } from '../../i18n/en-host.ts';

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
  useT(enHost);
  return (
    <TextField
      label={t('host.advanceRent')}
      inputMode="numeric"
      autoComplete="off"
      value={draft.advanceRentMonths}
      onChange={(event) => onChange({ advanceRentMonths: event.target.value })}
      onBlur={() => setLeft(true)}
      placeholder={t('host.advanceRentPlaceholder')}
      hint={
        <>
          <p className="text-sm text-stone-700">{t('host.advanceRentHint')}</p>
          {/* Always there, so a screen reader hears the notice when it appears. */}
          <div aria-live="polite">
            {aboveLimit && (
              <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                {t('host.advanceRentLimit')}
              </p>
            )}
          </div>
        </>
      }
      error={problem && translateText(problem)}
    />
  );
}
