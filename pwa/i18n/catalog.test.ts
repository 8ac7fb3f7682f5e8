import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { LANGUAGES } from './languages.ts';

// Every language that can be chosen carries every message of the English catalog, and no other,
// with the same placeholders. The type checker says the same of fr.ts (typed `Catalog`); this says it
// of whatever a catalog file holds at run time, and of English spread over its chunks (en-*.ts).

const dir = import.meta.dirname;
const parts = readdirSync(dir).filter((file) => /^en-[a-z-]+\.ts$/.test(file));

async function englishMessages(): Promise<Record<string, string>> {
  const all: Record<string, string> = { ...en };
  for (const file of parts) {
    const module = (await import(`./${file}`)) as Record<string, Record<string, string>>;
    for (const part of Object.values(module)) {
      for (const id of Object.keys(part)) expect(all, `${id} in two English files`).not.toHaveProperty(id);
      Object.assign(all, part);
    }
  }
  return all;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogs', () => {
  it('gives each message one stable id in one English file', async () => {
    const english = await englishMessages();
    expect(Object.keys(english).length).toBeGreaterThan(700);
    for (const [id, text] of Object.entries(english)) {
      expect(id).toMatch(/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/);
      expect(text.trim(), id).not.toBe('');
    }
  });

  it('has every English message, and only those, in every language that can be chosen', async () => {
    const english = await englishMessages();
    const chosen = LANGUAGES.filter((language) => language.load);
    expect(chosen.map((language) => language.code)).toContain('fr');
    for (const language of chosen) {
      const catalog = await language.load!();
      expect(Object.keys(catalog).sort(), language.code).toEqual(Object.keys(english).sort());
      for (const [id, text] of Object.entries(english)) {
        const translated = catalog[id as keyof typeof catalog];
        expect(translated.trim(), `${language.code} ${id}`).not.toBe('');
        expect(placeholders(translated), `${language.code} ${id}`).toEqual(placeholders(text));
      }
    }
  });

  it('gives every counted message its "one" and "other" forms', async () => {
    const ids = Object.keys(await englishMessages());
    for (const id of ids.filter((key) => key.endsWith('.one'))) expect(ids).toContain(id.replace(/\.one$/, '.other'));
  });

  it('loads each language other than English on demand: no screen imports a catalog but languages.ts', () => {
    const languages = readFileSync(join(dir, 'languages.ts'), 'utf8');
    expect(languages).toMatch(/load: \(\) => import\('\.\/fr\.ts'\)/);
    expect(readFileSync(join(dir, 'i18n.ts'), 'utf8')).not.toMatch(/from '\.\/fr\.ts'/);
  });
});
