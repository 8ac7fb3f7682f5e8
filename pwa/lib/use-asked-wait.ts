// Its messages (auth.*) come with the screens that use it: resend-code.tsx and verify-address.tsx import en-auth.
import { errorText, waitAsked } from './api-client.ts';
import { useCountdown } from './use-countdown.ts';
import { waitText } from './wait-text.ts';
import { t } from '../i18n/i18n.ts';

/**
 * A request the server may refuse as too soon (429 with Retry-After): `onError` starts counting
 * down the wait it asked for; while it lasts, `waiting` holds the button back and `message` says
 * how long is left. `asked`: the last error was such a refusal, not a failure.
 */
export function useAskedWait(error: unknown) {
  const countdown = useCountdown();
  const waiting = countdown.secondsLeft > 0;
  return {
    waiting,
    asked: waitAsked(error) !== null,
    message: waiting
      ? t('auth.askAgainIn', {
          text: errorText(error, t('auth.pleaseWait')),
          wait: waitText(countdown.secondsLeft),
        })
      : '',
    onError: (failure: unknown) => {
      const seconds = waitAsked(failure);
      if (seconds !== null) countdown.start(seconds);
    },
  };
}
