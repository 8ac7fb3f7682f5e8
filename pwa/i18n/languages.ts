import type { Catalog } from './catalog.ts';

/**
 * The languages the header offers (spec part 1 §2 lists these five). A language with `load` switches the
 * app; one without is shown disabled, "coming soon" (ADR 360). A new language is one catalog file in
 * this folder (typed `Catalog`, so it must carry every message) and `load` on its line here.
 * `tag` is the BCP 47 tag dates, numbers and prices are formatted with.
 */
export type Language = {
  code: string;
  label: string;
  tag: string;
  load?: () => Promise<Catalog>;
};

export const LANGUAGES: Language[] = [
  // en-US: the English app's dates and prices read as they always have ("January 5, 2026", "GH₵1,500").
  { code: 'en', label: 'English', tag: 'en-US' },
  { code: 'es', label: 'Español', tag: 'es-ES' },
  { code: 'fr', label: 'Français', tag: 'fr-FR', load: () => import('./fr.ts').then((module) => module.fr) },
  { code: 'de', label: 'Deutsch', tag: 'de-DE' },
  { code: 'zh', label: '中文', tag: 'zh-CN' },
];

export const DEFAULT_LANGUAGE = LANGUAGES[0]!;

/** English is always there; another language when its catalog can be loaded. */
export const isAvailable = (language: Language) => language === DEFAULT_LANGUAGE || language.load !== undefined;

export const languageOf = (code: string | null | undefined) => LANGUAGES.find((language) => language.code === code);
