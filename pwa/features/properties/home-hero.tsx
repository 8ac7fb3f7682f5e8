import { Link } from '@tanstack/react-router';
import type { User } from '../../lib/contract.ts';
import { buttonClass } from '../../ui/button.tsx';
import { QuickSearch } from './quick-search.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enHome } from '../../i18n/en-home.ts';

export function HomeHero({ user }: { user: User | null }) {
  const { t } = useT(enHome);
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-950 text-white">
      <div className="mx-auto grid max-w-6xl gap-5 px-4 py-12 md:py-20">
        <h1 className="text-3xl font-bold leading-tight md:text-5xl">
          {user
            ? user.firstName
              ? t('home.welcomeBackName', { name: user.firstName })
              : t('home.welcomeBack')
            : t('home.title')}
        </h1>
        <p className="max-w-2xl text-lg text-teal-50">{user ? t('home.userIntro') : t('home.intro')}</p>
        <div className="max-w-2xl rounded-xl bg-white/10 p-3">
          <QuickSearch />
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/search" className={buttonClass('secondary')}>
            {t('home.findProperty')}
          </Link>
          {user ? (
            <Link to="/dashboard" className={buttonClass('secondary')}>
              {t('home.goDashboard')}
            </Link>
          ) : (
            <Link to="/register" search={{ userType: 'property_professional' }} className={buttonClass('secondary')}>
              {t('home.listYourProperty')}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
