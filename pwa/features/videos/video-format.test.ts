import { describe, expect, it } from 'vitest';
import { VIDEO_STATUSES } from '../../../api/contract/videos.schema.ts';
import {
  canDownloadOriginal,
  canUploadEdited,
  contentTypeOfFileName,
  formatDateTime,
  formatMegabytes,
  isInfected,
  isScanProblem,
  percentOf,
  progressText,
  statusTone,
} from './video-format.ts';
import { statusLabel } from './videos-contract.ts';

const MB = 1024 * 1024;

describe('sizes and progress', () => {
  it('shows sizes in MB (2^20 bytes) with one decimal', () => {
    expect(formatMegabytes(100 * MB)).toBe('100.0 MB');
    expect(formatMegabytes(100 * MB, 0)).toBe('100 MB');
    expect(formatMegabytes(1.25 * MB)).toBe('1.3 MB');
    expect(formatMegabytes(0)).toBe('0.0 MB');
  });

  it('gives whole percents and never 100 before the last byte', () => {
    expect(percentOf(0, 80 * MB)).toBe(0);
    expect(percentOf(40 * MB, 80 * MB)).toBe(50);
    expect(percentOf(80 * MB - 1, 80 * MB)).toBe(99);
    expect(percentOf(80 * MB, 80 * MB)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('says how much of how much was sent', () => {
    expect(progressText(12.5 * MB, 80 * MB)).toBe('12.5 of 80.0 MB');
    expect(progressText(90 * MB, 80 * MB)).toBe('80.0 of 80.0 MB');
  });

  it('shows a date and time, and N/A for none or nonsense', () => {
    expect(formatDateTime('2026-03-04T15:06:00Z')).toMatch(/4 Mar 2026/);
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('soon')).toBe('N/A');
  });
});

describe('statuses', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('edited_pending_scan')).toBe('edited pending scan');
    expect(statusLabel('pending_review')).toBe('pending review');
    expect(statusLabel('approved')).toBe('approved');
  });

  it('offers the original for download only once the scan found it clean', () => {
    const downloadable = VIDEO_STATUSES.filter(canDownloadOriginal);
    expect(downloadable).toEqual([
      'pending_review',
      'edited_pending_scan',
      'edited_scan_failed',
      'edited_scan_unavailable',
      'edited_infected',
      'publishing',
    ]);
    for (const status of ['pending_scan', 'scan_failed', 'scan_unavailable', 'infected'] as const)
      expect(canDownloadOriginal(status)).toBe(false);
  });

  it('takes an edited version while one is awaited or after an infected one', () => {
    expect(VIDEO_STATUSES.filter(canUploadEdited)).toEqual(['pending_review', 'edited_infected']);
  });

  it('tells scan problems and infections apart', () => {
    expect(VIDEO_STATUSES.filter(isScanProblem)).toEqual([
      'scan_failed',
      'scan_unavailable',
      'edited_scan_failed',
      'edited_scan_unavailable',
    ]);
    expect(VIDEO_STATUSES.filter(isInfected)).toEqual(['infected', 'edited_infected']);
    expect(statusTone('infected')).toBe('red');
    expect(statusTone('scan_unavailable')).toBe('amber');
    expect(statusTone('pending_review')).toBe('blue');
  });

  it('knows a stored video type by its server-made name', () => {
    expect(contentTypeOfFileName('0b6c3f0e-1d2a-4c1b-9a53-2f7f1f0a9b11.mp4')).toBe('video/mp4');
    expect(contentTypeOfFileName('x.MOV')).toBe('video/quicktime');
    expect(contentTypeOfFileName('x.avi')).toBe('video/x-msvideo');
    expect(contentTypeOfFileName('x.webm')).toBeUndefined();
  });
});
