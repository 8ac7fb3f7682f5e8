import { Hono } from 'hono';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin, requireUser } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import {
  type ContactAnswer,
  ContactHostSchema,
  type ListingContactCounts,
  type ListingContactEntry,
} from '../contract/contacts.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { findProperty } from '../properties/properties.read.ts';
import { contactLink } from './contact-links.ts';
import { listingContactCommands } from './listing-contact-commands.ts';

const noPhone = () =>
  new DomainError('conflict', 'no_phone', 'This host has no phone number on Efie: use the contact page instead.');

/**
 * Contacting a host by WhatsApp or a call (issue 33, docs/decisions/350): the contact is recorded
 * (an event, through the one runner) and the answer is the link to open. Hosts see how many people
 * asked about each listing; admins see who, to follow up a scam.
 */
export function listingContactRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'config'>) {
  const { db, store, clock, config } = deps;
  return new Hono<AppEnv>().post('/:id/contacts', requireUser, validate('json', ContactHostSchema), async (c) => {
    const id = c.req.param('id');
    const listing = await findProperty(db, id);
    // Only a live listing's host is contacted this way; anything else does not exist for renters.
    if (!listing?.is_live) throw LISTING_ERRORS.notFound();
    const { channel } = c.req.valid('json');
    if (!listing.owner_phone) throw noPhone();
    await runCommand(store, requestOrigin(c.var), listingContactCommands, id, {
      type: 'ContactHost',
      contactId: newRecordId(c.var.idempotency, 'listing-contact'),
      listingId: id,
      ownerId: listing.owner_id,
      renter: actorOf(c),
      channel,
      at: clock().toISOString(),
    });
    const answer: ContactAnswer = {
      channel,
      href: contactLink(channel, listing.owner_phone, { id, title: listing.title }, config.publicOrigin),
    };
    return c.json(answer, 201);
  });
}

/** GET /api/user/listing-contacts: the signed-in host's listings, each with how many people asked and how. */
export function hostContactCountsRoutes(deps: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/listing-contacts', requireUser, async (c) => {
    const rows = await deps.db.query<{ listing_id: string; people: number; whatsapp: number; call: number }>(
      `select c.listing_id, count(distinct c.renter_id)::int as people,
         count(*) filter (where c.channel = 'whatsapp')::int as whatsapp, count(*) filter (where c.channel = 'call')::int as call
       from listing_contacts c join properties p on p.id = c.listing_id
       where p.owner_id = $1 and not p.deleted group by c.listing_id`,
      [currentUser(c).id],
    );
    const counts: ListingContactCounts = Object.fromEntries(
      rows.map((r) => [r.listing_id, { people: r.people, whatsapp: r.whatsapp, call: r.call }]),
    );
    return c.json(counts);
  });
}

/** GET /api/admin/properties/{id}/contacts: who contacted the listing's host, newest first. Admins only. */
export function adminContactRoutes(deps: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/properties/:id/contacts', requireAdmin, async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw LISTING_ERRORS.notFound();
    const rows = await deps.db.query<{
      renter_id: string;
      renter_name: string | null;
      email: string | null;
      phone: string | null;
      channel: ListingContactEntry['channel'];
      contacted_at: Date;
    }>(
      `select c.renter_id, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as renter_name,
         u.email, u.phone, c.channel, c.contacted_at
       from listing_contacts c left join users u on u.id = c.renter_id
       where c.listing_id = $1 order by c.contacted_at desc, c.id limit 500`,
      [id],
    );
    const contacts: ListingContactEntry[] = rows.map((r) => ({
      renterId: r.renter_id,
      renterName: r.renter_name,
      renterEmail: r.email,
      renterPhone: r.phone,
      channel: r.channel,
      contactedAt: new Date(r.contacted_at).toISOString(),
    }));
    return c.json({ contacts });
  });
}
