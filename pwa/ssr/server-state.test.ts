import { describe, expect, it } from 'vitest';
import { ApiError, isStatus } from '../lib/api-client.ts';
import { readServerState } from './server-state.ts';

const page = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Pick<
    Document,
    'getElementById'
  >;

const answered = (state: Record<string, unknown>) => ({
  queryKey: ['properties', 'detail', 'abc'],
  queryHash: '["properties","detail","abc"]',
  state: { dataUpdatedAt: 1, error: null, ...state },
});

describe('reading what the server drew the page with', () => {
  it('gives the answers to hydrate, and rebuilds a failed answer as the ApiError the screens test', () => {
    const state = readServerState(
      page(
        JSON.stringify({
          queries: [
            answered({ status: 'success', data: { id: 'abc' } }),
            answered({ status: 'error', error: { status: 404, text: '{"error":"Property not found"}' } }),
          ],
        }),
      ),
    );
    expect(state?.queries).toHaveLength(2);
    expect(state?.queries[0]?.state.data).toEqual({ id: 'abc' });
    const error = state?.queries[1]?.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(isStatus(error, 404)).toBe(true);
    expect((error as ApiError).body?.error).toBe('Property not found');
  });

  it('gives nothing for a page the server did not draw, or a block it cannot read', () => {
    expect(readServerState(page(null))).toBeNull();
    expect(readServerState(page(''))).toBeNull();
    expect(readServerState(page('{not json'))).toBeNull();
    expect(readServerState(page(JSON.stringify({ queries: [answered({ status: 'pending' })] })))).toBeNull();
    expect(readServerState(page(JSON.stringify({ queries: 'all' })))).toBeNull();
  });
});
