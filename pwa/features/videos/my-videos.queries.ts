import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client.ts';
import type { ApprovedVideo, ApprovedVideosAnswer } from './videos-contract.ts';

// GET /api/user/approved-videos: the signed-in person's ready videos (401 when signed out).
export const fetchMyVideos = (signal?: AbortSignal) =>
  apiGet<ApprovedVideosAnswer>('/api/user/approved-videos', signal);

export const myVideosQuery = () =>
  queryOptions({ queryKey: ['videos', 'mine'], queryFn: ({ signal }) => fetchMyVideos(signal), retry: false });

export const useMyVideos = (enabled: boolean) => useQuery({ ...myVideosQuery(), enabled });

/** GET /api/user/download-video/{fileName}: the approved file, as an attachment. */
export const myDownloadUrl = (video: Pick<ApprovedVideo, 'fileName'>) =>
  `/api/user/download-video/${encodeURIComponent(video.fileName)}`;
