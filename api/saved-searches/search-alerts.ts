import * as v from 'valibot';
import { isLive, type SearchableListing, searchStateOf } from '../../events/listing/listing-search.ts';
import { PropertyApproved } from '../../events/listing/listing.events.ts';
import { createEventDecoder } from '../../events/store/event-type.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { Subscription } from '../../events/store/subscriptions.ts';
import { ALERT_INTERVAL_HOURS } from '../../events/saved-search/saved-search.policy.ts';
import type { AppDeps } from '../app-deps.ts';
import { runCommand, systemOrigin } from '../commands/run-command.ts';
import { SearchQuerySchema } from '../contract/properties.schema.ts';
import { searchMatcher } from '../properties/search-matches.ts';
import { placeQuery } from '../properties/search.read.ts';
import { type AlertListing, alertMessage, alertPush } from './alert-messages.ts';
import { savedSearchCommands } from './saved-search-commands.ts';
import { searchesDueForAlerts } from './saved-searches.read.ts';
import { linkSecret, unsubscribeUrl } from './unsubscribe-link.ts';
import { pushEndpointsOf } from '../outbox/push-endpoints-of.ts';

const decode = createEventDecoder([PropertyApproved]);
const ALERTS = systemOrigin('system:search-alerts');
const INTERVAL_MS = ALERT_INTERVAL_HOURS * 60 * 60 * 1000;

type ListingRow = SearchableListing & AlertListing & { owner_id: string; price_per_night: number };

/**
 * Alerts for saved searches (docs/decisions/370): when a listing goes live (an admin approves it),
 * every subscribed search that was not alerted in the last day and that it matches (searchMatcher,
 * the rule search's SQL and index share) gets `SendAlert` through the one runner; when the decider
 * records the alert, the messages are queued in the outbox in the same transaction: a web push to
 * each of the renter's browsers when web push is on and they subscribed one, else an e-mail or SMS.
 * In the subscription's batch transaction: no alert is lost or sent twice across a crash.
 */
export function searchAlertsSubscription(deps: Pick<AppDeps, 'store' | 'outbox' | 'clock' | 'config'>): Subscription {
  return {
    name: 'saved-search-alerts',
    types: [PropertyApproved.type],
    async handle(tx, events) {
      for (const recorded of events) {
        if (recorded.type !== PropertyApproved.type) continue;
        await alertFor(tx, decode(recorded).data.propertyId);
      }
    },
  };

  async function alertFor(tx: SqlClient, listingId: string) {
    const [row] = await tx.query<ListingRow>(
      `select id, owner_id, title, city, region, address, country, location, digital_address, property_type, category,
         listing_type, price_per_night, pricing_period, currency, bedrooms, amenities, advance_rent_months,
         is_verified, is_active, deleted
       from properties where id = $1`,
      [listingId],
    );
    // Hidden or deleted since it was approved: no alert (the search page shows what is live).
    if (!row || !isLive(row)) return;
    const state = searchStateOf(row)!;
    const listing: AlertListing = {
      id: row.id,
      title: row.title,
      city: row.city,
      pricePerNight: Number(row.price_per_night),
      currency: row.currency as AlertListing['currency'],
    };
    const now = deps.clock();
    let secret: Buffer | undefined;
    for (const search of await searchesDueForAlerts(tx, new Date(now.getTime() - INTERVAL_MS))) {
      const parsed = v.safeParse(SearchQuerySchema, search.filters);
      if (!parsed.success || !searchMatcher({ q: parsed.output, place: placeQuery(parsed.output) })(state)) continue;
      const pushes = deps.config.push ? await pushEndpointsOf(tx, search.userId) : [];
      const [contact] = await tx.query<{ email: string | null; phone: string | null }>(
        'select email, phone from users where id = $1',
        [search.userId],
      );
      secret ??= await linkSecret(tx);
      const message = contact
        ? alertMessage(
            contact,
            deps.config.publicOrigin,
            search.name,
            listing,
            unsubscribeUrl(deps.config.publicOrigin, secret, search.id),
          )
        : undefined;
      const channel = pushes.length > 0 ? 'push' : message?.channel;
      if (!channel) continue;
      const { events } = await runCommand(
        deps.store,
        ALERTS,
        savedSearchCommands,
        search.id,
        { type: 'SendAlert', listingId, ownerId: row.owner_id, channel, at: now.toISOString() },
        { tx },
      );
      if (events.length === 0) continue;
      if (channel === 'push')
        for (const endpoint of pushes)
          await deps.outbox.enqueue(alertPush(endpoint, search.id, search.name, listing), tx);
      else if (message) await deps.outbox.enqueue(message, tx);
    }
  }
}
