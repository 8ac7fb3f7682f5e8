import type { ListingEvent } from '../../events/listing/listing.decider.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { FileStorage } from '../files/file-storage.ts';
import type { Logger } from '../logger.ts';
import { deleteListingImage } from '../uploads/image-processing.ts';

/**
 * Removes from storage the photos of listings an admin deleted permanently, once the events are
 * stored: a failure leaves an orphan file, never a listing without photos. A photo another listing
 * still shows (seeded demo listings may share one) stays.
 */
export async function removeDeletedImages(
  db: SqlClient,
  files: FileStorage,
  events: readonly ListingEvent[],
  log: Logger,
): Promise<void> {
  for (const event of events) {
    if (event.type !== 'PropertyDeletedPermanently') continue;
    for (const url of event.data.images) {
      const [shared] = await db.query(
        'select 1 from properties where images @> array[$1]::text[] and not deleted limit 1',
        [url],
      );
      if (shared) continue;
      await deleteListingImage(files, url).catch((error: unknown) =>
        log.warn('image delete failed', { url, error: String(error) }),
      );
    }
  }
}
