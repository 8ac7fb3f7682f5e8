import { Link } from '@tanstack/react-router';
import { SOCIAL_LINKS } from '../../lib/social-links.ts';
import { useT } from '../../i18n/i18n.ts';

export function Footer() {
  const { t } = useT();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">Efie</p>
          <p className="mt-2 text-sm">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.nav')} className="grid gap-2 text-sm">
          <Link to="/support" className="hover:underline">
            {t('footer.support')}
          </Link>
          <Link to="/contact" className="hover:underline">
            {t('footer.contact')}
          </Link>
          <Link to="/terms-of-service" className="hover:underline">
            {t('footer.terms')}
          </Link>
          <Link to="/privacy-policy" className="hover:underline">
            {t('footer.privacy')}
          </Link>
        </nav>
        <ul aria-label={t('footer.social')} className="flex flex-wrap content-start gap-3 self-start text-sm">
          {SOCIAL_LINKS.map((item) => (
            <li key={item.label}>
              <a href={item.href} target="_blank" rel="noreferrer noopener" className="hover:underline">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs text-stone-300">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
