import { describe, expect, it } from 'vitest';
import { alertPayload } from './alert-notifications.ts';

describe('alert payloads', () => {
  it('takes what the server sends, and opens only a path of this app', () => {
    const payload = {
      title: 'New on Efie: Hohoe',
      body: 'Flat · Hohoe · GH₵900',
      url: '/property/1',
      tag: 'saved-search-1',
    };
    expect(alertPayload(payload)).toEqual(payload);
    expect(alertPayload({ ...payload, url: 'https://evil.example/' })).toBeUndefined();
    expect(alertPayload({ ...payload, url: '//evil.example/' })).toBeUndefined();
    expect(alertPayload({ ...payload, title: 3 })).toBeUndefined();
    expect(alertPayload('text')).toBeUndefined();
    expect(alertPayload(null)).toBeUndefined();
  });
});
