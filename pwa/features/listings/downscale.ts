// Photos are made smaller on the phone before they are kept in a draft or uploaded: a
// 12-megapixel camera photo becomes a JPEG of a few hundred KB (which also drops its EXIF
// data, after turning it upright by its EXIF orientation). A photo whose upload keeps
// stalling on a slow link is made smaller again (levels 1 and 2).

export const LEVELS = [
  { maxSide: 1600, quality: 0.82 },
  { maxSide: 1024, quality: 0.72 },
  { maxSide: 720, quality: 0.6 },
] as const;

export type Downscaled = { blob: Blob; width: number; height: number };

export async function downscale(file: Blob, level = 0): Promise<Downscaled> {
  const { maxSide, quality } = LEVELS[Math.min(level, LEVELS.length - 1)]!;
  // A phone camera often stores a portrait photo sideways with an EXIF orientation: upright first.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize photos');
  // JPEG has no transparency: a transparent PNG or GIF goes on white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  return { blob, width, height };
}
