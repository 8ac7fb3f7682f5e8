import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { photoFile, type PreparedPhoto } from './photo-intake.ts';

/** POST /api/upload/property-images as multipart 'images': the edit form's photos, made smaller on the phone first. */
export async function uploadImages(photos: PreparedPhoto[]): Promise<string[]> {
  const form = new FormData();
  for (const photo of photos) form.append('images', photoFile(photo));
  return (await apiRequest<{ images: string[] }>('POST', '/api/upload/property-images', { body: form })).images;
}

export const useUploadImages = () => useMutation({ mutationFn: uploadImages });
