import type { AgentLicenseLabel } from '../lib/contract.ts';
import { useT } from '../i18n/i18n.ts';

/**
 * What renters are told of a listing's owner (issue 33, docs/decisions/330): "Verified agent" when an
 * admin checked their licence number under the Real Estate Agency Act, 2020 (Act 1047), "Unverified
 * agent" otherwise; nothing for an owner who is not an agent (`null`). The words carry the meaning,
 * not the colour alone.
 */
export function AgentLicenseBadge({ label, className = '' }: { label: AgentLicenseLabel | null; className?: string }) {
  const { t } = useT();
  if (label === null) return null;
  const verified = label === 'verified';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        verified ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'
      } ${className}`}
    >
      {verified ? (
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="currentColor">
          <path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm3.6 5.9-4.2 4.6a.8.8 0 0 1-1.2 0L4.4 8.6a.8.8 0 1 1 1.2-1.1l1.2 1.3 3.6-4a.8.8 0 0 1 1.2 1.1Z" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0" fill="currentColor">
          <path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm0 3.5a.9.9 0 0 1 .9.9v4a.9.9 0 0 1-1.8 0v-4a.9.9 0 0 1 .9-.9Zm0 7.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
        </svg>
      )}
      {verified ? t('agentBadge.verified') : t('agentBadge.unverified')}
    </span>
  );
}
