import { describe, expect, it } from 'vitest';
import { parseUnfinished } from './unfinished-uploads.ts';

const stored = (filename: string, creationTime: string, size = 50_000_000) =>
  JSON.stringify({
    size,
    metadata: { filename, filetype: 'video/mp4' },
    creationTime,
    uploadUrl: `http://localhost/api/uploads/videos/${filename}`,
  });

describe('parseUnfinished', () => {
  const slot = 'efie-video|user-1|prop-1';

  it("lists this person's unfinished uploads for this place, newest first", () => {
    const found = parseUnfinished(
      [
        [`tus::${slot}|a.mp4|1|2::11`, stored('a.mp4', 'Mon Mar 02 2026 10:00:00 GMT+0000')],
        [`tus::${slot}|b.mov|1|2::12`, stored('b.mov', 'Tue Mar 03 2026 10:00:00 GMT+0000')],
      ],
      slot,
    );
    expect(found.map((item) => item.name)).toEqual(['b.mov', 'a.mp4']);
    expect(found[0]).toMatchObject({
      size: 50_000_000,
      uploadUrl: 'http://localhost/api/uploads/videos/b.mov',
      storageKey: `tus::${slot}|b.mov|1|2::12`,
    });
  });

  it("leaves out another person's, another listing's and other libraries' entries", () => {
    const found = parseUnfinished(
      [
        ['tus::efie-video|user-2|prop-1|a.mp4|1|2::1', stored('a.mp4', '')],
        ['tus::efie-video|user-1|prop-10|a.mp4|1|2::2', stored('a.mp4', '')],
        ['tus::tus-br-a.mp4-video/mp4::3', stored('a.mp4', '')],
        ['efie:after-sign-in', 'user-videos'],
      ],
      slot,
    );
    expect(found).toEqual([]);
  });

  it('skips entries it cannot read', () => {
    expect(
      parseUnfinished(
        [
          [`tus::${slot}|x::1`, '{not json'],
          [`tus::${slot}|y::2`, null],
        ],
        slot,
      ),
    ).toEqual([]);
  });
});
