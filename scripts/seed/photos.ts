import sharp from 'sharp';

/** A deterministic pseudo-random generator (mulberry32): the same seed gives the same data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
    subset: <T>(list: readonly T[], p: number): T[] => list.filter(() => next() < p),
  };
}
export type Random = ReturnType<typeof createRandom>;

const WALLS = ['#f4e1c1', '#e8c39e', '#d9e4dd', '#f7f3e8', '#c9d6df', '#f2d0a4', '#e3d5ca', '#b7c4a8'];
const ROOFS = ['#8c3b2b', '#5b4a42', '#3f5e5a', '#7a4e2d', '#2f3e46', '#9c6644'];
const SKIES = [
  ['#8ec5fc', '#e0c3fc'],
  ['#f6d365', '#fda085'],
  ['#a1c4fd', '#c2e9fb'],
  ['#84fab0', '#8fd3f4'],
  ['#fbc2eb', '#a6c1ee'],
];

/**
 * A photo-like picture of a home, drawn locally (no downloads): sky, ground,
 * a house or block of flats with windows, a door and palms, in varied colours.
 * Rendered as a JPEG so the upload path (type check, resize, WebP) is the real one.
 */
export async function drawHomePhoto(random: Random, kind: string, outWidth = 1280, outHeight = 800): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const [skyTop, skyBottom] = random.pick(SKIES);
  const wall = random.pick(WALLS);
  const roof = random.pick(ROOFS);
  const ground = random.chance(0.5) ? '#7fb069' : '#c2a878';
  const storeys = kind === 'apartment' ? random.int(2, 4) : kind === 'house' ? random.int(1, 2) : 1;
  const bw = kind === 'apartment' ? random.int(520, 760) : random.int(620, 900);
  const bh = storeys * 150 + 60;
  const bx = random.int(200, width - bw - 200);
  const by = 780 - bh;
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
  parts.push(
    `<circle cx="${random.int(100, width - 100)}" cy="${random.int(80, 200)}" r="${random.int(40, 70)}" fill="#fff7d6" opacity="0.9"/>`,
  );
  parts.push(`<rect y="760" width="${width}" height="${height - 760}" fill="${ground}"/>`);
  parts.push(
    `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${wall}" stroke="#00000022" stroke-width="4"/>`,
  );
  if (kind !== 'apartment') {
    parts.push(
      `<polygon points="${bx - 40},${by} ${bx + bw / 2},${by - random.int(140, 220)} ${bx + bw + 40},${by}" fill="${roof}"/>`,
    );
  } else {
    parts.push(`<rect x="${bx - 10}" y="${by - 24}" width="${bw + 20}" height="24" fill="${roof}"/>`);
  }
  const columns = Math.max(2, Math.floor(bw / 150));
  for (let s = 0; s < storeys; s++) {
    for (let col = 0; col < columns; col++) {
      const wx = bx + 40 + col * ((bw - 80) / columns);
      const wy = by + 40 + s * 150;
      const lit = random.chance(0.3) ? '#ffe9a8' : '#9ec9e8';
      parts.push(
        `<rect x="${wx}" y="${wy}" width="${(bw - 80) / columns - 30}" height="80" fill="${lit}" stroke="#ffffff" stroke-width="6"/>`,
      );
    }
  }
  const dx = bx + bw / 2 - 40;
  parts.push(`<rect x="${dx}" y="${780 - 130}" width="80" height="130" fill="${roof}"/>`);
  for (let p = 0; p < random.int(1, 3); p++) {
    const px = random.chance(0.5)
      ? random.int(30, Math.max(40, bx - 60))
      : random.int(Math.min(width - 60, bx + bw + 40), width - 30);
    parts.push(`<rect x="${px}" y="560" width="18" height="220" fill="#6b4f2a"/>`);
    parts.push(
      `<ellipse cx="${px + 9}" cy="560" rx="90" ry="36" fill="#2f7d32"/><ellipse cx="${px + 9}" cy="560" rx="36" ry="90" fill="#388e3c"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
