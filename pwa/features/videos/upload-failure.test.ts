import { describe, expect, it } from 'vitest';
import { classifyUploadFailure, serverErrorText } from './upload-failure.ts';
import { NOT_A_VIDEO } from './video-file.ts';

const body = (error: string, code: string) => JSON.stringify({ error, code });

describe('classifyUploadFailure', () => {
  it('waits for the connection when no answer came or the browser is offline', () => {
    expect(classifyUploadFailure(null, null, true)).toEqual({ kind: 'connection' });
    expect(classifyUploadFailure(0, '', true)).toEqual({ kind: 'connection' });
    expect(classifyUploadFailure(502, '', false)).toEqual({ kind: 'connection' });
  });

  it('gives up on what the server will never take, with its own words when it gave some', () => {
    expect(classifyUploadFailure(413, body('Videos can be at most 100 MB', 'too_large'), true)).toEqual({
      kind: 'refused',
      message: 'Videos can be at most 100 MB',
    });
    expect(classifyUploadFailure(415, '', true)).toEqual({ kind: 'refused', message: NOT_A_VIDEO });
    expect(classifyUploadFailure(403, 'Forbidden', true)).toEqual({
      kind: 'refused',
      message: 'You can only add videos to your own listings.',
    });
    expect(classifyUploadFailure(404, null, true).kind).toBe('refused');
    expect(classifyUploadFailure(401, body('Not signed in', 'unauthorized'), true)).toEqual({
      kind: 'refused',
      message: 'Not signed in',
    });
  });

  it('offers to try again after server failures, without showing what a 500 said', () => {
    expect(
      classifyUploadFailure(500, body('Something went wrong on our side. Please try again.', 'server_error'), true),
    ).toEqual({
      kind: 'server',
      message: expect.stringContaining('carries on from where it stopped'),
    });
    expect(classifyUploadFailure(429, '', true)).toEqual({
      kind: 'server',
      message: expect.stringContaining('wait a minute'),
    });
  });
});

describe('serverErrorText', () => {
  it('reads the contract error body and nothing else', () => {
    expect(serverErrorText(body('Not a video', 'unsupported_media_type'))).toBe('Not a video');
    expect(serverErrorText('<html>Bad gateway</html>')).toBeUndefined();
    expect(serverErrorText(JSON.stringify({ error: '' }))).toBeUndefined();
    expect(serverErrorText(null)).toBeUndefined();
  });
});
