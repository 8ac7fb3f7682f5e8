// This feature's door to the video contract (api/contract/videos.schema.ts), apart from
// lib/contract.ts: everything under pwa/lib joins the first-load bundle with what it imports
// (vite.config.ts), and only host, admin and My Videos screens need these.

export {
  statusLabel,
  VIDEO_TUS_PATH,
  type ApprovedVideo,
  type PendingVideo,
  type UploadedVideo,
  type VideoStatus,
} from '../../../api/contract/videos.schema.ts'

import type * as v from 'valibot'
import type { ApprovedVideosResponseSchema, EditedVideoResponseSchema, PendingVideosResponseSchema } from '../../../api/contract/videos.schema.ts'

export type PendingVideosAnswer = v.InferOutput<typeof PendingVideosResponseSchema>
export type ApprovedVideosAnswer = v.InferOutput<typeof ApprovedVideosResponseSchema>
export type EditedVideoAnswer = v.InferOutput<typeof EditedVideoResponseSchema>

/**
 * At most 100 MB a video (100 × 2^20 bytes; CONTRACT "Files", spec part 1 §5). The server's
 * own limit is MAX_VIDEO_BYTES in events/video/video.policy.ts, which the PWA may not import;
 * this copy only catches an honest mistake before any byte is sent, the server decides (413).
 */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024
