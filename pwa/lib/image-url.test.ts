import { describe, expect, it } from 'vitest';
import { photoSrcSet, smallImageUrl } from './image-url.ts';

const STORED = '/files/images/0b6f0c7e-6f3a-4b7e-9d2a-3c1f8e0a9b11-1200.webp';

describe('smallImageUrl', () => {
  it('points a large stored image at its 400 px rendition', () => {
    expect(smallImageUrl('/files/images/abc-1200.webp')).toBe('/files/images/abc-400.webp');
  });
  it('leaves any other URL unchanged', () => {
    expect(smallImageUrl('https://example.com/photo.jpg')).toBe('https://example.com/photo.jpg');
    expect(smallImageUrl('/files/images/abc-1200.webp?x=1')).toBe('/files/images/abc-1200.webp?x=1');
  });
});

describe('photoSrcSet', () => {
  it('lists a stored photo at its three widths in the format asked for', () => {
    const base = STORED.replace('-1200.webp', '');
    expect(photoSrcSet(STORED, 'avif')).toBe(`${base}-400.avif 400w, ${base}-800.avif 800w, ${base}-1200.avif 1200w`);
    expect(photoSrcSet(STORED, 'webp')).toBe(`${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`);
  });
  it('has none for a picture that is not a stored photo', () => {
    expect(photoSrcSet('https://example.com/photo.jpg', 'avif')).toBeUndefined();
    expect(photoSrcSet(`${STORED}?x=1`, 'webp')).toBeUndefined();
  });
});
