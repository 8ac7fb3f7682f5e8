import { Hono } from 'hono';
import { html } from 'hono/html';
import { SAVED_SEARCH_ERRORS } from '../../events/saved-search/saved-search.decider.ts';
import { MAX_SAVED_SEARCHES } from '../../events/saved-search/saved-search.policy.ts';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand, systemOrigin } from '../commands/run-command.ts';
import {
  type PushKeyAnswer,
  PushEndpointSchema,
  PushSubscriptionSchema,
  SaveSearchSchema,
  type SavedSearchesAnswer,
} from '../contract/saved-searches.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { isPushServiceEndpoint } from './push-endpoints.ts';
import { savedSearchCommands } from './saved-search-commands.ts';
import { findSavedSearch, savedSearchesOf } from './saved-searches.read.ts';
import { isUnsubscribeToken, linkSecret } from './unsubscribe-link.ts';

const notAPushService = () =>
  new DomainError(
    'invalid',
    'push_endpoint_not_allowed',
    'This browser’s push service is not one Efie sends to. Alerts will come by e-mail or SMS instead.',
  );

const BROKEN_LINK = 'It may have been cut short. Open Efie and delete the saved search from your dashboard instead.';
const brokenLink = () =>
  new DomainError('not_found', 'saved_search_not_found', `This link does not work. ${BROKEN_LINK}`);

/** The name a search is saved under when none is given: its place, else "All homes". */
const defaultName = (filters: Record<string, string>) => filters.location?.trim() || 'All homes';

/**
 * Saved searches (issue 33, docs/decisions/370): a signed-in person saves the search page's filters,
 * lists and deletes their saved searches, and registers a browser for web push. The one-tap link in
 * an alert unsubscribes without signing in: its signature is the proof.
 */
export function savedSearchRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'config'>) {
  const { db, store, clock, config } = deps;
  return new Hono<AppEnv>()
    .get('/user/saved-searches', requireUser, async (c) => {
      const answer: SavedSearchesAnswer = {
        savedSearches: await savedSearchesOf(db, c.var.user!.id),
        limit: MAX_SAVED_SEARCHES,
      };
      return c.json(answer);
    })
    .post('/user/saved-searches', requireUser, validate('json', SaveSearchSchema), async (c) => {
      const { name, filters } = c.req.valid('json');
      const actor = actorOf(c);
      const searchId = newRecordId(c.var.idempotency, 'saved-search');
      const kept = (await savedSearchesOf(db, actor.id)).length;
      await runCommand(store, requestOrigin(c.var), savedSearchCommands, searchId, {
        type: 'SaveSearch',
        searchId,
        actor,
        name: name || defaultName(filters),
        filters,
        kept,
        limit: MAX_SAVED_SEARCHES,
        at: clock().toISOString(),
      });
      const saved = (await savedSearchesOf(db, actor.id)).find((search) => search.id === searchId);
      return c.json({ message: 'Search saved. We will tell you when a new home matches it.', savedSearch: saved }, 201);
    })
    .delete('/user/saved-searches/:id', requireUser, async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) throw SAVED_SEARCH_ERRORS.notFound();
      await runCommand(store, requestOrigin(c.var), savedSearchCommands, id, {
        type: 'Unsubscribe',
        actor: actorOf(c),
        at: clock().toISOString(),
      });
      return c.json({ message: 'Saved search deleted. No more alerts for it.' });
    })
    .get('/saved-searches/:id/unsubscribe', async (c) => {
      const id = c.req.param('id');
      const token = c.req.query('token') ?? '';
      const search = isUuid(id) ? await findSavedSearch(db, id) : undefined;
      // A refusal in the contract's format, like every refusal: only the unsubscribing answers a page.
      if (!search || !isUnsubscribeToken(await linkSecret(db), id, token)) throw brokenLink();
      // The link is the proof: one tap from the alert, no sign-in.
      await runCommand(store, systemOrigin('system:unsubscribe-link'), savedSearchCommands, id, {
        type: 'Unsubscribe',
        actor: null,
        at: clock().toISOString(),
      });
      return c.html(page('No more alerts', `You will get no more alerts for your saved search “${search.name}”.`));
    })
    .get('/push/public-key', (c) => {
      const answer: PushKeyAnswer = { publicKey: config.push?.publicKey ?? null };
      return c.json(answer);
    })
    .put('/user/push-subscriptions', requireUser, validate('json', PushSubscriptionSchema), async (c) => {
      const { endpoint, keys } = c.req.valid('json');
      if (!config.push) throw new DomainError('conflict', 'push_off', 'Web push is not set up on this server.');
      if (!isPushServiceEndpoint(endpoint, config.pushExtraOrigins)) throw notAPushService();
      // One browser, one row: signing in as someone else on it moves the subscription to them.
      await db.query(
        `insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at) values ($1, $2, $3, $4, $5)
         on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
        [endpoint, c.var.user!.id, keys.p256dh, keys.auth, clock()],
      );
      return c.json({ message: 'This browser will show alerts.' });
    })
    .delete('/user/push-subscriptions', requireUser, validate('json', PushEndpointSchema), async (c) => {
      await db.query('delete from push_subscriptions where endpoint = $1 and user_id = $2', [
        c.req.valid('json').endpoint,
        c.var.user!.id,
      ]);
      return c.json({ message: 'This browser will show no more alerts.' });
    });
}

/** The small page the unsubscribe link opens: no script and no style (the API's CSP allows neither). */
const page = (title: string, text: string) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} · Efie</title>
  </head>
  <body>
    <h1>${title}</h1>
    <p>${text}</p>
    <p><a href="/">Open Efie</a></p>
  </body>
</html>`;
