// This feature's door to the video contract (api/contract/videos.schema.ts), apart from
// lib/contract.ts: everything under pwa/lib joins the first-load bundle with what it imports
// (vite.config.ts), and only host, admin and My Videos screens need these.

export {
  MAX_VIDEO_BYTES,
  savedVideoName,
  statusLabel,
  VIDEO_TUS_PATH,
  type ApprovedVideo,
  type PendingVideo,
  type UploadedVideo,
  type VideoStatus,
} from '../../../api/contract/videos.schema.ts';

import type * as v from 'valibot';
import type {
  ApprovedVideosResponseSchema,
  EditedVideoResponseSchema,
  PendingVideosResponseSchema,
} from '../../../api/contract/videos.schema.ts';

export type PendingVideosAnswer = v.InferOutput<typeof PendingVideosResponseSchema>;
export type ApprovedVideosAnswer = v.InferOutput<typeof ApprovedVideosResponseSchema>;
export type EditedVideoAnswer = v.InferOutput<typeof EditedVideoResponseSchema>;
