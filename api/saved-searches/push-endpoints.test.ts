import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoints.ts';

describe('push endpoints', () => {
  it('takes the browsers’ push services over https, and configured test origins', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', [])).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAA', [])).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/QGx', [])).toBe(true);
    expect(isPushServiceEndpoint('https://db5p.notify.windows.com/w/?token=1', [])).toBe(true);
    expect(isPushServiceEndpoint('http://localhost:8090/notify/abc', ['http://localhost:8090'])).toBe(true);
  });

  it('refuses anything else: plain http, other hosts and ports, look-alikes, internal addresses', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/fcm.googleapis.com',
      'http://127.0.0.1:5432/',
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:8090/notify/abc',
      'not a url',
    ])
      expect(isPushServiceEndpoint(endpoint, []), endpoint).toBe(false);
  });
});
