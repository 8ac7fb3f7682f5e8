import { describe, expect, it } from 'vitest';
import { createBotFilter } from './is-bot.ts';

describe('bot filter', () => {
  it("gives isbot's verdict: crawlers, scripts and headless browsers are bots; phones and no user agent are not", () => {
    const isBot = createBotFilter();
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(isBot('node')).toBe(true);
    expect(
      isBot(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
      ),
    ).toBe(true);
    expect(
      isBot(
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ),
    ).toBe(false);
    expect(isBot(undefined)).toBe(false);
    expect(isBot('')).toBe(false);
  });

  it('asks once per user agent and remembers a bounded number of them', () => {
    const asked: string[] = [];
    const isBot = createBotFilter((ua) => {
      asked.push(ua);
      return ua.startsWith('bot');
    }, 2);
    expect([isBot('bot-a'), isBot('bot-a'), isBot('phone')]).toEqual([true, true, false]);
    expect(asked).toEqual(['bot-a', 'phone']);
    isBot('bot-c'); // a third: the memory starts again
    isBot('bot-a');
    expect(asked).toEqual(['bot-a', 'phone', 'bot-c', 'bot-a']);
  });
});
