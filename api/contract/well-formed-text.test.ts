import { describe, expect, it } from 'vitest';
import { cutText, textFault } from './well-formed-text.ts';

describe('textFault', () => {
  it('finds a NUL and a lone surrogate of either half, and passes any well-formed text', () => {
    expect(textFault('a\u0000b')).toBe('nul');
    expect(textFault('a\ud800')).toBe('lone_surrogate');
    expect(textFault('\udc00a')).toBe('lone_surrogate');
    expect(textFault('\ude00\ud83d')).toBe('lone_surrogate');
    for (const fine of ['', 'Ɔdan fɛfɛ', '😀', '東京 🏡', '\u0001\u007f', '\ufffd', '\uffff'])
      expect(textFault(fine)).toBeUndefined();
  });
});

describe('cutText', () => {
  it('cuts to at most max units and never between the halves of a pair', () => {
    expect(cutText('abcdef', 3)).toBe('abc');
    expect(cutText('ab', 3)).toBe('ab');
    expect(cutText('ab😀c', 3)).toBe('ab');
    expect(cutText('ab😀c', 4)).toBe('ab😀');
    expect(textFault(cutText('😀'.repeat(10), 7))).toBeUndefined();
  });
});
