// Generates the PWA's icons and install screenshots into pwa/public/ with sharp.
// Run with `npm run pwa:icons` after changing the logo; the PNGs are committed.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const TEAL = '#0f766e';
const house = (size: number, scale: number) => {
  // The header's logo: a white house on teal. `scale` shrinks it into the maskable safe zone.
  const s = (size * scale) / 32;
  const offset = (size - 32 * s) / 2;
  return `<g transform="translate(${offset} ${offset}) scale(${s})"><path d="M8 16l8-7 8 7v8h-5v-5h-6v5H8z" fill="#fff"/></g>`;
};

const anyIcon = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 4}" fill="${TEAL}"/>${house(size, 1)}</svg>`;
// Maskable: full-bleed background, artwork inside the central 80 % circle.
const maskableIcon = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${TEAL}"/>${house(size, 0.7)}</svg>`;

const screenshot = (width: number, height: number) => {
  const card = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="#fff" stroke="#e7e5e4"/><rect x="${x}" y="${y}" width="${w}" height="${h * 0.6}" rx="12" fill="#99f6e4"/><rect x="${x + 12}" y="${y + h * 0.68}" width="${w * 0.6}" height="14" rx="7" fill="#44403c"/><rect x="${x + 12}" y="${y + h * 0.82}" width="${w * 0.35}" height="12" rx="6" fill="${TEAL}"/>`;
  const columns = width > height ? 3 : 1;
  const gap = 24;
  const cardWidth = (width - gap * (columns + 1)) / columns;
  const cards = Array.from({ length: columns * 2 }, (_, index) =>
    card(
      gap + (index % columns) * (cardWidth + gap),
      200 + Math.floor(index / columns) * (cardWidth * 0.8 + gap),
      cardWidth,
      cardWidth * 0.8,
    ),
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fafaf9"/>
<rect width="${width}" height="64" fill="#fff"/><rect x="16" y="12" width="40" height="40" rx="10" fill="${TEAL}"/>${house(40, 1).replace('<g transform="translate(0 0)', '<g transform="translate(16 12)')}
<text x="68" y="42" font-family="sans-serif" font-size="26" font-weight="700" fill="${TEAL}">Efie</text>
<text x="${gap}" y="130" font-family="sans-serif" font-size="34" font-weight="700" fill="#1c1917">Find a home away from home</text>${cards}</svg>`;
};

const out = 'pwa/public';
mkdirSync(`${out}/icons`, { recursive: true });
const png = (svg: string, path: string) =>
  sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(path);
await Promise.all([
  png(anyIcon(192), `${out}/icons/icon-192.png`),
  png(anyIcon(512), `${out}/icons/icon-512.png`),
  png(maskableIcon(192), `${out}/icons/maskable-192.png`),
  png(maskableIcon(512), `${out}/icons/maskable-512.png`),
  png(anyIcon(180), `${out}/icons/apple-touch-icon.png`),
  png(screenshot(540, 960), `${out}/icons/screenshot-narrow.png`),
  png(screenshot(1280, 720), `${out}/icons/screenshot-wide.png`),
]);
console.log('icons and screenshots written to pwa/public/icons');
