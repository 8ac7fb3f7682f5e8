import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, withQuery } from '../../lib/api-client.ts';
import { postFormWithProgress } from './form-upload.ts';
import type { EditedVideoAnswer, PendingVideo, PendingVideosAnswer } from './videos-contract.ts';

/** Spec part 2 §9: pending videos refresh every 30 seconds. */
export const PENDING_REFRESH_MS = 30_000;

// GET /api/admin/pending-videos?page=&limit= (admins only: 401 or 403 otherwise), 20 a page unless limit says, newest first.
export const fetchPendingVideos = (page: number, signal?: AbortSignal, limit?: number) =>
  apiGet<PendingVideosAnswer>(withQuery('/api/admin/pending-videos', { page, limit }), signal);

export const pendingVideosQuery = (page: number) =>
  queryOptions({
    // Under 'admin': admins' answers are never kept on the device (pwa/offline/persist-cache.ts).
    queryKey: ['admin', 'videos', 'pending', page],
    queryFn: ({ signal }) => fetchPendingVideos(page, signal),
    refetchInterval: PENDING_REFRESH_MS,
    // The page being left stays on screen until the next one has come.
    placeholderData: keepPreviousData,
    retry: false,
  });

export const usePendingVideos = (enabled: boolean, page: number) => useQuery({ ...pendingVideosQuery(page), enabled });

/** GET /api/admin/download-video/{userId}/{fileName}: the clean original, as an attachment. */
export const adminDownloadUrl = (video: Pick<PendingVideo, 'userId' | 'fileName'>) =>
  `/api/admin/download-video/${encodeURIComponent(video.userId)}/${encodeURIComponent(video.fileName)}`;

type EditedUpload = {
  video: Pick<PendingVideo, 'userId' | 'fileName'>;
  file: File;
  onProgress: (sent: number, total: number) => void;
  signal: AbortSignal;
};

// POST /api/admin/upload-edited-video/{userId}: multipart `editedVideo` and `originalFileName` (the pending video's fileName).
export function uploadEditedVideo({ video, file, onProgress, signal }: EditedUpload): Promise<EditedVideoAnswer> {
  const form = new FormData();
  form.append('originalFileName', video.fileName);
  form.append('editedVideo', file);
  return postFormWithProgress<EditedVideoAnswer>(
    `/api/admin/upload-edited-video/${encodeURIComponent(video.userId)}`,
    form,
    onProgress,
    signal,
  );
}

export function useUploadEditedVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEditedVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'videos'] }),
  });
}
