import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, withQuery } from '../../lib/api-client.ts';
import type { ConversationThread, Inbox, UnreadCount } from '../../lib/contract.ts';
import { unreadMessagesQuery } from '../../lib/queries/unread-messages.queries.ts';
import type { ConversationReportAnswer, ReportConversationInput } from './conversations-contract.ts';

// Conversations between renters and hosts (issue 34, docs/decisions/380). Every key is under
// ['conversations'], persisted like the app's other answers (pwa/offline/persist-cache.ts): a
// thread read once stays readable offline. Online they are asked again on opening, so a screen
// never shows an old copy as current; offline the copy is shown as it is.

const MINUTE_MS = 60 * 1000;
const freshOnline = () => (navigator.onLine ? 0 : ('static' as const));
const KEY = ['conversations'] as const;

// GET /api/conversations
export const inboxQuery = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'inbox', page],
    queryFn: ({ signal }) =>
      apiGet<Inbox>(withQuery('/api/conversations', { page: page > 1 ? page : undefined }), signal),
    placeholderData: keepPreviousData,
    staleTime: freshOnline,
  });
export const useInbox = (page: number, enabled: boolean) => useQuery({ ...inboxQuery(page), enabled });

// GET /api/conversations/{id}: asked again each minute while the thread is open and visible.
export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'thread', id],
    queryFn: ({ signal }) => apiGet<ConversationThread>(`/api/conversations/${encodeURIComponent(id)}`, signal),
    staleTime: freshOnline,
  });
export const useThread = (id: string, enabled: boolean) =>
  useQuery({ ...threadQuery(id), enabled, refetchInterval: () => (navigator.onLine ? MINUTE_MS : false) });

// POST /api/conversations/{id}/read: the thread was opened (a GET reads nothing, ADR 380).
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<UnreadCount>('POST', `/api/conversations/${encodeURIComponent(id)}/read`),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadMessagesQuery().queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: [...KEY, 'inbox'] });
    },
  });
}

// PUT or DELETE /api/conversations/{id}/block
export function useBlock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      apiRequest<{ message: string }>(block ? 'PUT' : 'DELETE', `/api/conversations/${encodeURIComponent(id)}/block`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

// POST /api/conversations/{id}/report. Sent now or not at all: a report needs a connection (no
// outbox kind). It blocks the thread too, so every copy of it is asked again, the 409 of a second
// report included (the thread then says it was reported).
export function useReportConversation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportConversationInput) =>
      apiRequest<ConversationReportAnswer>('POST', `/api/conversations/${encodeURIComponent(id)}/report`, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
