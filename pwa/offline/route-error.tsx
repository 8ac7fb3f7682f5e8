import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNoAnswer } from './no-answer.ts';
import { useOnline } from './use-outbox.ts';

// A screen whose data could not be loaded: offline with nothing saved for it says so
// plainly (instead of spinning); anything else is a plain error with a retry.

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const offline = !online || isNoAnswer(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold">{offline ? 'Not saved on this device' : 'Something went wrong'}</h1>
      <p className="mb-6 text-stone-700">
        {offline
          ? 'You are offline and this page has not been opened on this device before, so there is nothing to show yet. It will load when you are back online.'
          : error instanceof Error
            ? error.message
            : String(error)}
      </p>
      <button
        type="button"
        onClick={retry}
        className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800"
      >
        Try again
      </button>
    </div>
  );
}
