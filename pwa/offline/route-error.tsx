import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNoAnswer } from './no-answer.ts';
import { useOnline } from './use-outbox.ts';
import { useT } from '../i18n/i18n.ts';

// A screen whose data could not be loaded: offline with nothing saved for it says so
// plainly (instead of spinning); anything else is a plain error with a retry.

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const { t } = useT();
  const offline = !online || isNoAnswer(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold">{offline ? t('common.notSavedOnDevice') : t('common.somethingWrong')}</h1>
      <p className="mb-6 text-stone-700">
        {offline ? t('common.offlineNothing') : error instanceof Error ? error.message : String(error)}
      </p>
      <button
        type="button"
        onClick={retry}
        className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
      >
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
