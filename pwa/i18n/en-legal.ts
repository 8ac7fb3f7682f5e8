import { addEnglish } from './i18n.ts';

// English messages of the legal screens, in their own chunk: imported by the screens that use them (ADR 360).
export const enLegal = addEnglish({
  'legal.backToHome': 'Back to Home',
  'legal.contents': 'Contents',
  'legal.dates': 'Effective date: {effective} · Last updated: {updated}',
  'legal.englishOnly': 'This document is in English only.',
});
