import { describe, expect, it } from 'vitest';
import { smallImageUrl } from './image-url.ts';

describe('smallImageUrl', () => {
  it('points a large stored image at its 400 px rendition', () => {
    expect(smallImageUrl('/files/images/abc-1200.webp')).toBe('/files/images/abc-400.webp');
  });
  it('leaves any other URL unchanged', () => {
    expect(smallImageUrl('https://example.com/photo.jpg')).toBe('https://example.com/photo.jpg');
    expect(smallImageUrl('/files/images/abc-1200.webp?x=1')).toBe('/files/images/abc-1200.webp?x=1');
  });
});
