import { describe, expect, it } from 'vitest';
import { savedVideoName } from './videos.schema.ts';

describe('savedVideoName (what the owner saves an approved video as)', () => {
  it('keeps the name the owner gave and takes the approved file’s extension', () => {
    const id = '4fd655ac-1b2c-4d5e-8f90-0123456789ab';
    expect(savedVideoName('tour.mp4', `${id}.mp4`)).toBe('tour.mp4');
    expect(savedVideoName('IMG_0042.MOV', `${id}.mp4`)).toBe('IMG_0042.mp4');
    expect(savedVideoName('Walk through. Osu flat.avi', `${id}.mov`)).toBe('Walk through. Osu flat.mov');
  });

  it('falls back to "video" when the owner’s name has no stem', () => {
    expect(savedVideoName('video', 'x.mp4')).toBe('video.mp4');
    expect(savedVideoName('.mp4', 'x.mp4')).toBe('video.mp4');
  });
});
