import { Hono } from 'hono';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  AdminListQuerySchema,
  FeaturedSchema,
  ReorderFeaturedSchema,
  VisibilitySchema,
} from '../contract/properties.schema.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { removeDeletedImages } from './deleted-images.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf, listingCommands, visibleProperty } from '../properties/listing-commands.ts';
import { findProperty, listFeatured, nextFeaturedOrder, toProperty } from '../properties/properties.read.ts';
import { adminListProperties } from '../properties/search.read.ts';

/** The admin panel's property moderation (spec part 2 §7). Every route is admins only. */
export function adminPropertiesRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'files'>) {
  const { db, store, clock, files } = deps;
  const at = () => clock().toISOString();
  const answer = async (c: Parameters<typeof actorOf>[0], id: string, message: string) => {
    const row = await findProperty(db, id);
    return c.json({ message, property: row ? toProperty(row, c.var.user) : null });
  };
  return new Hono<AppEnv>()
    .use('/properties/*', requireAdmin)
    .use('/properties', requireAdmin)
    .use('/featured-properties', requireAdmin)
    .use('/reorder-featured-properties', requireAdmin)
    .get('/properties', validate('query', AdminListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { rows, total } = await adminListProperties(db, q);
      return c.json({ properties: rows.map((r) => toProperty(r, c.var.user)), total, page: q.page, pageSize: q.limit });
    })
    .post('/properties/:id/approve', async (c) => {
      const id = c.req.param('id');
      await visibleProperty(c, db, id);
      await runCommand(store, requestOrigin(c.var), listingCommands, id, {
        type: 'ApproveProperty',
        actor: actorOf(c),
        at: at(),
      });
      return answer(c, id, 'Property has been approved and is now visible to the public.');
    })
    .patch('/properties/:id/visibility', validate('json', VisibilitySchema), async (c) => {
      const id = c.req.param('id');
      await visibleProperty(c, db, id);
      const { isActive } = c.req.valid('json');
      await runCommand(store, requestOrigin(c.var), listingCommands, id, {
        type: 'SetVisibility',
        actor: actorOf(c),
        isActive,
        at: at(),
      });
      return answer(c, id, isActive ? 'Property is now shown.' : 'Property is now hidden.');
    })
    .patch('/properties/:id/featured', validate('json', FeaturedSchema), async (c) => {
      const id = c.req.param('id');
      const row = await visibleProperty(c, db, id);
      const { isFeatured, featuredOrder } = c.req.valid('json');
      const order =
        featuredOrder ??
        (row.is_featured && row.featured_order !== null ? row.featured_order : await nextFeaturedOrder(db));
      await runCommand(store, requestOrigin(c.var), listingCommands, id, {
        type: 'SetFeatured',
        actor: actorOf(c),
        isFeatured,
        featuredOrder: order,
        at: at(),
      });
      return answer(c, id, isFeatured ? 'Property is featured.' : 'Property is no longer featured.');
    })
    .delete('/properties/:id', async (c) => {
      const id = c.req.param('id');
      await visibleProperty(c, db, id);
      const result = await runCommand(store, requestOrigin(c.var), listingCommands, id, {
        type: 'DeletePermanently',
        actor: actorOf(c),
        at: at(),
      });
      await removeDeletedImages(db, files, result.events, c.var.log);
      return c.json({ message: 'Property deleted permanently' });
    })
    .get('/featured-properties', async (c) => {
      const rows = await listFeatured(db, { liveOnly: false });
      return c.json(rows.map((r) => toProperty(r, c.var.user)));
    })
    .post('/reorder-featured-properties', validate('json', ReorderFeaturedSchema), async (c) => {
      const { propertyOrders } = c.req.valid('json');
      // Check every listing first, so a bad id changes nothing.
      for (const { id } of propertyOrders) {
        if (!(await visibleProperty(c, db, id)).is_featured) throw LISTING_ERRORS.notFeatured();
      }
      for (const { id, order } of propertyOrders) {
        await runCommand(store, requestOrigin(c.var), listingCommands, id, {
          type: 'ChangeFeaturedOrder',
          actor: actorOf(c),
          featuredOrder: order,
          at: at(),
        });
      }
      const rows = await listFeatured(db, { liveOnly: false });
      return c.json({
        message: 'Featured properties reordered',
        properties: rows.map((r) => toProperty(r, c.var.user)),
      });
    });
}
