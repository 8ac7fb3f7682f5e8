import { foldEvents } from '../../events/store/decider.ts';
import type { EventStore } from '../../events/store/event-store.ts';
import { createEventDecoder } from '../../events/store/event-type.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { videoDecider, type VideoState } from '../../events/video/video.decider.ts';
import { videoEventTypes, videoStreamId } from '../../events/video/video.events.ts';

const decode = createEventDecoder(videoEventTypes);

/** A video's state folded from its stream, and the stream's version (inside `client`'s transaction when given). */
export async function loadVideo(store: EventStore, videoId: string, client?: SqlClient): Promise<{ state: VideoState; version: number }> {
  const recorded = await store.readStream(videoStreamId(videoId), 1, client);
  return { state: foldEvents(videoDecider, recorded.map(decode)), version: recorded[recorded.length - 1]?.streamVersion ?? 0 };
}
