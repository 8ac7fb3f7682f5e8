import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../lib/current-user.ts';
import type { User } from '../../lib/contract.ts';
import { startSession } from './signed-in.ts';

const ama = { id: 'ama', email: 'ama@example.com', isAdmin: false } as User;

/** A cache holding what a visitor had seen before signing in. */
function visitorCache() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentUserQuery().queryKey, null);
  const keys = [
    ['properties', 'search', { location: 'Accra' }],
    ['properties', 'detail', 'p1'],
    ['properties', 'featured'],
    ['properties', 'videos', 'p1'],
    ['favorites'],
    ['videos', 'mine'],
    ['admin', 'properties', {}],
    ['service-providers', 'directory', {}],
  ];
  for (const key of keys) queryClient.setQueryData(key, 'as a visitor');
  return queryClient;
}

const stale = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);

describe('signing in', () => {
  it('knows who is signed in from the answer, without asking again', async () => {
    const queryClient = visitorCache();
    await startSession(queryClient, ama);
    expect(queryClient.getQueryData(currentUserQuery().queryKey)).toEqual(ama);
    expect(queryClient.getQueryState(currentUserQuery().queryKey)?.isInvalidated).toBe(false);
  });

  it('fetches again every answer fetched as a visitor: listings, favourites, own videos, the service directory, the admin panel', async () => {
    const queryClient = visitorCache();
    await startSession(queryClient, ama);
    expect(stale(queryClient)).toEqual([
      ['properties', 'search', { location: 'Accra' }],
      ['properties', 'detail', 'p1'],
      ['properties', 'featured'],
      ['properties', 'videos', 'p1'],
      ['favorites'],
      ['videos', 'mine'],
      ['admin', 'properties', {}],
      ['service-providers', 'directory', {}],
    ]);
  });
});
