import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiGet } from '../../lib/api-client'
import { postFormWithProgress } from './form-upload'
import type { EditedVideoAnswer, PendingVideo, PendingVideosAnswer } from './videos-contract'

/** Spec part 2 §9: pending videos refresh every 30 seconds. */
export const PENDING_REFRESH_MS = 30_000

// GET /api/admin/pending-videos (admins only: 401 or 403 otherwise).
export const fetchPendingVideos = (signal?: AbortSignal) => apiGet<PendingVideosAnswer>('/api/admin/pending-videos', signal)

export const pendingVideosQuery = () =>
  queryOptions({
    // Under 'admin': admins' answers are never kept on the device (pwa/offline/persist-cache.ts).
    queryKey: ['admin', 'videos', 'pending'],
    queryFn: ({ signal }) => fetchPendingVideos(signal),
    refetchInterval: PENDING_REFRESH_MS,
    retry: false,
  })

export const usePendingVideos = (enabled: boolean) => useQuery({ ...pendingVideosQuery(), enabled })

/** GET /api/admin/download-video/{userId}/{fileName}: the clean original, as an attachment. */
export const adminDownloadUrl = (video: Pick<PendingVideo, 'userId' | 'fileName'>) =>
  `/api/admin/download-video/${encodeURIComponent(video.userId)}/${encodeURIComponent(video.fileName)}`

type EditedUpload = { video: Pick<PendingVideo, 'userId' | 'fileName'>; file: File; onProgress: (sent: number, total: number) => void; signal: AbortSignal }

// POST /api/admin/upload-edited-video/{userId}: multipart `editedVideo` and `originalFileName` (the pending video's fileName).
export function uploadEditedVideo({ video, file, onProgress, signal }: EditedUpload): Promise<EditedVideoAnswer> {
  const form = new FormData()
  form.append('originalFileName', video.fileName)
  form.append('editedVideo', file)
  return postFormWithProgress<EditedVideoAnswer>(`/api/admin/upload-edited-video/${encodeURIComponent(video.userId)}`, form, onProgress, signal)
}

export function useUploadEditedVideo() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadEditedVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }),
  })
}
