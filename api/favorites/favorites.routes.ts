import { Hono } from 'hono';
import { favoritesAggregate, type FavoriteCommand } from '../../events/favorites/favorites.decider.ts';
import { userStreamId } from '../../events/favorites/favorites.events.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireUser } from '../auth/session.middleware.ts';
import type { Context } from 'hono';
import { commandTarget, requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { visibleProperty } from '../properties/listing-commands.ts';
import { PROPERTY_SELECT, toProperty, type PropertyReadRow } from '../properties/properties.read.ts';
import { LISTING_ERRORS } from '../../events/listing/listing.decider.ts';

/** Favourites as the command runner runs them: on the user's own stream. */
const favoriteCommands = commandTarget(favoritesAggregate, { streamId: userStreamId });

/**
 * Favourites (spec part 1 §7): events on the user's stream. Adding twice or
 * removing what is not there is not an error (CONTRACT.md). The list shows
 * live listings only: a deleted or hidden one disappears from it.
 */
export function favoritesRoutes({ db, store, clock }: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  const run = (c: Context<AppEnv>, command: FavoriteCommand) =>
    runCommand(store, requestOrigin(c.var), favoriteCommands, command.userId, command);
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/', async (c) => {
      const rows = await db.query<PropertyReadRow>(
        `${PROPERTY_SELECT} join favorites f on f.property_id = p.id
         where f.user_id = $1 and f.is_favorite and p.is_live order by f.added_at desc, p.id`,
        [c.var.user!.id],
      );
      return c.json(rows.map((r) => toProperty(r, c.var.user)));
    })
    .post('/:id', async (c) => {
      const propertyId = c.req.param('id');
      await visibleProperty(c, db, propertyId);
      await run(c, { type: 'AddFavorite', userId: c.var.user!.id, propertyId, at: clock().toISOString() });
      return c.json({ propertyId, isFavorite: true, message: 'Added to favorites' });
    })
    .delete('/:id', async (c) => {
      const propertyId = c.req.param('id');
      if (!isUuid(propertyId)) throw LISTING_ERRORS.notFound();
      await run(c, { type: 'RemoveFavorite', userId: c.var.user!.id, propertyId, at: clock().toISOString() });
      return c.json({ propertyId, isFavorite: false, message: 'Removed from favorites' });
    });
}
