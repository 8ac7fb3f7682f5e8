import type { VideoContentType } from '../../events/video/video.events.ts';

/** How many leading bytes `detectVideoType` looks at: the ftyp box with its brands, or the RIFF header. */
export const VIDEO_HEAD_BYTES = 256;

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  from + length > bytes.length ? '' : String.fromCharCode(...bytes.subarray(from, from + length));

/** ISO base media brands of MP4 video as phones and editors write them. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'XAVC',
  'f4v ',
  'mmp4',
]);
const QUICKTIME_BRAND = 'qt  ';
/** Still images in the same box format (HEIC/HEIF photos, AVIF): a renamed photo is not a video. */
const IMAGE_BRANDS = new Set(['mif1', 'msf1', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'avif', 'avis', 'miaf']);

/** The ftyp box at the start: its major brand and compatible brands, or undefined when there is none. */
function ftypBrands(head: Uint8Array): string[] | undefined {
  if (ascii(head, 4, 4) !== 'ftyp') return undefined;
  const size = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  // size 1 would put a 64-bit size after the type: no phone writes one for ftyp.
  if (size < 16 || size % 4 !== 0 || size > 4096) return undefined;
  const end = Math.min(size, head.length);
  const brands = [ascii(head, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, 4));
  return brands[0] === '' ? undefined : brands;
}

/**
 * MP4, QuickTime MOV or AVI, told by the file's bytes and never by its name
 * (CONTRACT: Videos). `head` is the start of the file, at least 12 bytes and
 * ideally `VIDEO_HEAD_BYTES`. Anything else, a renamed JPEG, PNG, HEIC photo,
 * WAV or WebP included, is undefined (the route answers 415).
 *
 * MP4 and MOV share the ISO box layout: the ftyp box's major brand `qt  ` is
 * QuickTime; an MP4 brand is MP4; otherwise the compatible brands decide.
 * QuickTime files from before ftyp existed (1990s) are not accepted.
 */
export function detectVideoType(head: Uint8Array): VideoContentType | undefined {
  if (ascii(head, 0, 4) === 'RIFF') return ascii(head, 8, 4) === 'AVI ' ? 'video/x-msvideo' : undefined;
  const brands = ftypBrands(head);
  if (!brands) return undefined;
  const [major, ...compatible] = brands as [string, ...string[]];
  if (IMAGE_BRANDS.has(major)) return undefined;
  if (major === QUICKTIME_BRAND) return 'video/quicktime';
  if (MP4_BRANDS.has(major)) return 'video/mp4';
  if (compatible.some((b) => IMAGE_BRANDS.has(b))) return undefined;
  if (compatible.includes(QUICKTIME_BRAND)) return 'video/quicktime';
  if (compatible.some((b) => MP4_BRANDS.has(b))) return 'video/mp4';
  return undefined;
}
