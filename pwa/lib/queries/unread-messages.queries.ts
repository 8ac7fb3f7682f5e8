import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client.ts';
import type { UnreadCount } from '../contract.ts';

// GET /api/conversations/unread (issue 34, docs/decisions/380): the header's badge and the renter
// dashboard's "Unread messages", one count kept per side by the server. Under ['conversations']:
// whatever changes a thread refreshes it too.
export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: ['conversations', 'unread'],
    queryFn: ({ signal }) => apiGet<UnreadCount>('/api/conversations/unread', signal),
  });

/**
 * Asked only for a signed-in person, and again (unlike the app's other answers) whenever the page
 * comes back to the front and each minute while it is visible and online, no more.
 */
export const useUnreadMessages = (signedIn: boolean) =>
  useQuery({
    ...unreadMessagesQuery(),
    enabled: signedIn,
    refetchOnWindowFocus: 'always',
    refetchInterval: () => navigator.onLine && 60_000,
  });
