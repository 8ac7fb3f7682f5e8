import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api-client'

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'))
    reader.readAsDataURL(file)
  })

/** POST /api/upload/property-images: the wizard sends JSON data URLs, the edit form multipart 'images'. */
export async function uploadImages(files: File[], mode: 'json' | 'multipart'): Promise<string[]> {
  if (mode === 'json') {
    const images = await Promise.all(files.map(readAsDataUrl))
    return (await apiRequest<{ images: string[] }>('POST', '/api/upload/property-images', { body: { images } })).images
  }
  const form = new FormData()
  for (const file of files) form.append('images', file)
  return (await apiRequest<{ images: string[] }>('POST', '/api/upload/property-images', { body: form })).images
}

export const useUploadImages = (mode: 'json' | 'multipart') => useMutation({ mutationFn: (files: File[]) => uploadImages(files, mode) })
