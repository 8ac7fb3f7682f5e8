import { describe, expect, it } from 'vitest';
import { textFault } from '../contract/well-formed-text.ts';
import { displayName } from './video-uploads.ts';

describe('displayName', () => {
  it('keeps the name as sent, without folders or control characters', () => {
    expect(displayName('C:\\Users\\ama\\tour\u0007.mp4')).toBe('tour.mp4');
    expect(displayName('  ')).toBe('video');
  });
  it('cuts a long name without leaving half an emoji, which PostgreSQL would refuse', () => {
    const name = displayName(`${'a'.repeat(199)}😀.mp4`);
    expect(name).toBe('a'.repeat(199));
    expect(textFault(name)).toBeUndefined();
  });
});
