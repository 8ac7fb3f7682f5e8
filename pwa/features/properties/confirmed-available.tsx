import type { Property } from '../../lib/contract.ts';
import { confirmedAgoText, freshnessMessages } from '../../ui/confirmed-ago.ts';
import { useT } from '../../i18n/i18n.ts';

/** "Confirmed available 3 days ago" on a live listing: its host says so at least every 45 days (ADR 400). */
export function ConfirmedAvailable({ property }: { property: Property }) {
  useT(freshnessMessages);
  if (!property.isVerified || !property.isActive || !property.confirmedAvailableAt) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-emerald-900">
      <span aria-hidden="true">✓</span>
      {confirmedAgoText(property.confirmedAvailableAt)}
    </p>
  );
}
