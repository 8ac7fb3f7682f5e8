import type { EventStore } from '../../events/store/event-store.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import { videoAggregate } from '../../events/video/video.decider.ts';
import { videoStreamId } from '../../events/video/video.events.ts';
import { commandTarget, readState } from '../commands/run-command.ts';

/** Videos as the command runner runs them. */
export const videoCommands = commandTarget(videoAggregate, { streamId: videoStreamId });

/** A video's state as its stream holds it now (inside `client`'s transaction when given), for reads and checks that decide nothing. */
export const loadVideo = (store: EventStore, videoId: string, client?: SqlClient) =>
  readState(store, videoCommands, videoId, client);
