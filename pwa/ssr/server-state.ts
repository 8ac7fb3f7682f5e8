import type { DehydratedState } from '@tanstack/react-query';
import * as v from 'valibot';
import { ApiError, parseErrorBody } from '../lib/api-client.ts';
import { FIRST_PAINT_STATE_ID } from '../lib/contract.ts';

// What the server's first paint knew (pwa/ssr/render-page.tsx): the answers it rendered, carried in
// a JSON data block beside the HTML so that the app hydrates without asking for them again. A data
// block is not run, so the Content-Security-Policy's script-src needs no nonce for it (ADR 280).

/** A failed answer, as the page carries it: the app's ApiError is rebuilt from it. */
export type CarriedError = { status: number; text: string };

const QuerySchema = v.looseObject({
  queryKey: v.array(v.unknown()),
  queryHash: v.string(),
  state: v.looseObject({
    status: v.picklist(['success', 'error']),
    dataUpdatedAt: v.number(),
    error: v.nullable(v.object({ status: v.number(), text: v.string() })),
  }),
});
const ServerStateSchema = v.object({ queries: v.array(QuerySchema) });

/**
 * The first paint's answers, ready for react-query's hydrate(), or null when the page was not
 * rendered by the server (the service worker's cached shell, a signed-in visit) or the block is unreadable.
 */
export function readServerState(doc: Pick<Document, 'getElementById'>): DehydratedState | null {
  const text = doc.getElementById(FIRST_PAINT_STATE_ID)?.textContent;
  if (!text) return null;
  let parsed: v.SafeParseResult<typeof ServerStateSchema>;
  try {
    parsed = v.safeParse(ServerStateSchema, JSON.parse(text));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const queries = parsed.output.queries.map((query) => {
    const { error } = query.state;
    return {
      ...query,
      state: {
        ...query.state,
        error: error ? new ApiError(error.status, error.text, parseErrorBody(error.text)) : null,
      },
    };
  });
  return { mutations: [], queries } as unknown as DehydratedState;
}
