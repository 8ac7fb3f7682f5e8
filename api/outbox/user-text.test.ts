import { describe, expect, it } from 'vitest';
import { userFileName, userText } from './user-text.ts';

const PHISH = 'URGENT: verify your bank at http://evil.example/login';

describe('userText', () => {
  it('breaks schemes and domains so no mail client links them, and keeps decimals', () => {
    expect(userText(PHISH)).toBe('URGENT: verify your bank at hxxp://evil[.]example/login');
    expect(userText('HTTPS://Www.Evil.Example')).toBe('HxxPS://Www[.]Evil[.]Example');
    expect(userText('ftp://files.example and mailto ama@gmail.com')).toBe(
      'ftp[:]//files[.]example and mailto ama@gmail[.]com',
    );
    expect(userText('evil\uFF0Eexample')).toBe('evil[.]example');
    expect(userText('GH₵ 1.5 million, Kofi & Sons Ltd.')).toBe('GH₵ 1.5 million, Kofi & Sons Ltd.');
  });
});

describe('userFileName', () => {
  it('defangs a file name but keeps the dot of its extension', () => {
    expect(userFileName('tour.mp4')).toBe('tour.mp4');
    expect(userFileName('http://evil.example.mp4')).toBe('hxxp://evil[.]example.mp4');
    expect(userFileName('no extension www.evil.example')).toBe('no extension www[.]evil[.]example');
  });
});
