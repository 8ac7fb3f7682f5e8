import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import { replyTimeText } from '../../ui/reply-time.ts';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';
import type { ListingHostResponse } from '../../../api/contract/listing-analytics.schema.ts';

// Not a `.queries.ts` file on purpose: those of this feature join the first-load bundle
// (vite.config.ts), and only the listing page asks how its host answers.

// GET /api/properties/{id}/host-response: how quickly the listing's host answers (issue 34, docs/decisions/390).
export const hostResponseQuery = (id: string) =>
  queryOptions({
    queryKey: ['properties', 'host-response', id],
    queryFn: ({ signal }) =>
      apiGet<ListingHostResponse>(`/api/properties/${encodeURIComponent(id)}/host-response`, signal),
    retry: false,
    staleTime: 10 * 60 * 1000,
  });

/**
 * "Usually replies within 3 hours", once the host has had 3 conversations in 30 days. Nothing
 * waits for it: the page shows without it, and the line appears when the answer comes.
 */
export function HostResponseLine({ id }: { id: string }) {
  const { t } = useT(enListing);
  const { data } = useQuery(hostResponseQuery(id));
  if (!data?.shown || data.medianReplyMinutes === null) return null;
  return (
    <p className="text-sm text-stone-700">
      {t('listing.repliesWithin', { time: replyTimeText(data.medianReplyMinutes) })}
    </p>
  );
}
