import { errorText } from '../../lib/api-client.ts';
import { useResendCode, type Channel } from '../../lib/queries/resend-code.mutation.ts';
import { useAskedWait } from '../../lib/use-asked-wait.ts';
import { Button } from '../../ui/button.tsx';
import { Alert } from '../../ui/field.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enAuth } from '../../i18n/en-auth.ts';

const SENT = { email: 'auth.newCodeEmail', phone: 'auth.newCodePhone' } as const satisfies Record<Channel, string>;

/**
 * Resend Code: a new code replaces the old one. Asked again too soon, the server answers 429 with
 * Retry-After: the button waits that long, and the screen says how long, counting down.
 */
export function ResendCode({ channel }: { channel: Channel }) {
  const resend = useResendCode(channel);
  const wait = useAskedWait(resend.error);
  const { t } = useT(enAuth);

  return (
    <>
      <Button
        variant="ghost"
        disabled={resend.isPending || wait.waiting}
        onClick={() => resend.mutate(undefined, { onError: wait.onError })}
      >
        {resend.isPending ? t('auth.sending') : t('auth.resendCode')}
      </Button>
      {resend.isSuccess && <Alert tone="success">{resend.data?.message ?? t(SENT[channel])}</Alert>}
      {resend.isError && !wait.asked && <Alert>{errorText(resend.error, t('auth.resendFailed'))}</Alert>}
      {wait.asked && wait.waiting && <Alert>{wait.message}</Alert>}
    </>
  );
}
