import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { useT } from '../../i18n/i18n.ts';

export function NotFoundScreen() {
  const { t } = useT();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-stone-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClass('secondary')}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
