import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import type { LegalBlock, LegalDocument } from './legal-document.ts';
import { useT } from '../../i18n/i18n.ts';
import { enLegal } from '../../i18n/en-legal.ts';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  if ('heading' in block) return <h3 className="pt-2 text-base font-semibold text-stone-900">{block.heading}</h3>;
  return (
    <ul className="list-disc space-y-1 pl-6">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A privacy policy or terms page: title, dates, a contents list, then each numbered section. */
export function LegalPage({ document, backToHome = false }: { document: LegalDocument; backToHome?: boolean }) {
  const { t, language } = useT(enLegal);
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 text-stone-800">
      {backToHome && (
        <Link to="/" className={buttonClass('secondary', 'mb-6')}>
          {t('legal.backToHome')}
        </Link>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">{document.title}</h1>
      <p className="mt-2 text-sm text-stone-700">
        {t('legal.dates', { effective: document.effective, updated: document.lastUpdated })}
      </p>
      {/* A translation of a legal text is a legal text: the documents stay in English (ADR 360). */}
      {language.code !== 'en' && (
        <p lang={language.code} className="mt-2 text-sm font-medium">
          {t('legal.englishOnly')}
        </p>
      )}
      <p className="mt-4">{document.intro}</p>
      <nav aria-label={t('legal.contents')} className="mt-6 rounded-lg border border-stone-200 bg-stone-50 p-4">
        <p className="font-semibold">{t('legal.contents')}</p>
        <ol className="mt-2 grid list-decimal gap-1 pl-6 text-sm sm:grid-cols-2">
          {document.sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#section-${i + 1}`} className="text-teal-800 underline underline-offset-2">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, i) => (
        <section
          key={section.title}
          id={`section-${i + 1}`}
          aria-labelledby={`section-${i + 1}-title`}
          className="mt-8 space-y-3 leading-relaxed"
        >
          <h2 id={`section-${i + 1}-title`} className="text-xl font-semibold text-stone-900">
            {i + 1}. {section.title}
          </h2>
          {section.blocks.map((block, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed document's paragraphs, never reordered.
            <Block key={j} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
