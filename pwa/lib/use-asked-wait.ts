import { errorText, waitAsked } from './api-client.ts';
import { useCountdown } from './use-countdown.ts';
import { waitText } from './wait-text.ts';

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
      ? `${errorText(error, 'Please wait before asking for another code.')} You can ask for a new code in ${waitText(countdown.secondsLeft)}.`
      : '',
    onError: (failure: unknown) => {
      const seconds = waitAsked(failure);
      if (seconds !== null) countdown.start(seconds);
    },
  };
}
