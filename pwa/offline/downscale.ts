// Photos are made smaller on the phone before they are kept in a draft: a 12-megapixel
// camera photo becomes a JPEG of a few hundred KB (which also drops its EXIF data).

const MAX_SIDE = 1600
const QUALITY = 0.82

export type Downscaled = { blob: Blob; width: number; height: number }

export async function downscale(file: Blob): Promise<Downscaled> {
  const bitmap = await createImageBitmap(file)
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
  const width = Math.max(1, Math.round(bitmap.width * scale))
  const height = Math.max(1, Math.round(bitmap.height * scale))
  const canvas = new OffscreenCanvas(width, height)
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot resize photos')
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY })
  return { blob, width, height }
}
