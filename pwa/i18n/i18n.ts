import { useSyncExternalStore } from 'react';
import type { Catalog, CountedId, MessageId, Params } from './catalog.ts';
import { en } from './en.ts';
import { DEFAULT_LANGUAGE, isAvailable, languageOf, type Language } from './languages.ts';

// The app's words (issue 33, ADR 360). English is in the first download and is what the server draws;
// another language's catalog is loaded when it is chosen. `t` reads the active catalog; a screen
// calls `useT()` so that it draws again when the language changes.

type Active = { language: Language; messages: Catalog; plural: Intl.PluralRules; number: Intl.NumberFormat };

const activate = (language: Language, messages: Catalog): Active => ({
  language,
  messages,
  plural: new Intl.PluralRules(language.tag),
  number: new Intl.NumberFormat(language.tag),
});

// English, the fallback of every language: the first screens' messages, and each other screen's as its
// chunk loads (en-*.ts call addEnglish when they are first imported).
const english: Record<string, string> = { ...en };
let active = activate(DEFAULT_LANGUAGE, english as Catalog);

/** Adds a chunk's English messages; its screens import the part, so it arrives with them. */
export function addEnglish<const Part extends Record<string, string>>(part: Part): Part {
  Object.assign(english, part);
  return part;
}

const listeners = new Set<() => void>();

const fill = (text: string, params: Params | undefined) =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;

/** The message `id` in the active language, with `{name}` filled from `params`. */
export function t(id: MessageId, params?: Params): string {
  return fill(active.messages[id] ?? english[id] ?? id, params);
}

/** A counted message: `{count}` is the number in the language's digits, and the form its plural rules pick. */
export function tn(id: CountedId, count: number, params?: Params): string {
  const form = `${id}.${active.plural.select(count)}` as MessageId;
  const text = active.messages[form] ?? english[form] ?? t(`${id}.other` as MessageId);
  return fill(text, { ...params, count: active.number.format(count) });
}

/**
 * A text the server or the contract wrote in English (an error, a field's message), in the active
 * language when the catalog knows it: by the error's code (`errorCode.<code>`), else by its words
 * (the `error.*` messages are the contract's own texts; a feature's English constants are in its part).
 * Otherwise, as written: English is never altered.
 */
export function translateText(text: string, code?: string): string {
  if (active.language === DEFAULT_LANGUAGE) return text;
  const byCode = code ? active.messages[`errorCode.${code}` as MessageId] : undefined;
  if (byCode) return byCode;
  for (const id in english) if (english[id] === text) return t(id as MessageId);
  return text;
}

/** The active language's BCP 47 tag, for Intl. */
export const localeTag = () => active.language.tag;
export const currentLanguage = () => active.language;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => active;

/**
 * Draws the calling screen again when the language changes; returns the translating functions.
 * A screen outside the first download names its English part (`useT(enHost)`), which brings it along.
 */
export function useT(..._parts: Record<string, string>[]) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { t, tn, language: current.language };
}

const STORAGE_KEY = 'efie.language';
const COOKIE = 'efie-lang';

/** The language chosen on this device before, if any. */
export function storedLanguage(): Language | undefined {
  let code: string | null = null;
  try {
    code = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage turned off: the cookie may still say it.
  }
  code ??= document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=([^;]*)`))?.[1] ?? null;
  const language = languageOf(code);
  return language && isAvailable(language) ? language : undefined;
}

function remember(language: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, language.code);
  } catch {
    // Private window with storage off: the cookie remembers it.
  }
  // A year; sent to the server, so a later server-drawn page could be drawn in it (ADR 360).
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value of two letters; the Cookie Store API is not in every browser.
  document.cookie = `${COOKIE}=${language.code}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Loads the language's catalog (once), makes it active, sets <html lang> and remembers it. */
export async function setLanguage(language: Language, { save = true } = {}): Promise<void> {
  if (!isAvailable(language)) return;
  // With another language come the contract's error texts it translates (en-errors.ts), for translateText.
  const messages = language.load
    ? (await Promise.all([language.load(), import('./en-errors.ts').then((module) => addEnglish(module.enErrors))]))[0]
    : (english as Catalog);
  active = activate(language, messages);
  // Outside a browser (the unit tests) there is no page to mark and nothing to remember.
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language.code;
    if (save) remember(language);
  }
  for (const listener of listeners) listener();
}
