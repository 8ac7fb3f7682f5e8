import { errorText } from '../../lib/api-client.ts';
import { useResendCode, type Channel } from '../../lib/queries/resend-code.mutation.ts';
import { useAskedWait } from '../../lib/use-asked-wait.ts';
import { Button } from '../../ui/button.tsx';
import { Alert } from '../../ui/field.tsx';

const SENT: Record<Channel, string> = {
  email: 'A new verification code has been sent to your email',
  phone: 'A new verification code has been sent to your phone',
};

/**
 * Resend Code: a new code replaces the old one. Asked again too soon, the server answers 429 with
 * Retry-After: the button waits that long, and the screen says how long, counting down.
 */
export function ResendCode({ channel }: { channel: Channel }) {
  const resend = useResendCode(channel);
  const wait = useAskedWait(resend.error);

  return (
    <>
      <Button
        variant="ghost"
        disabled={resend.isPending || wait.waiting}
        onClick={() => resend.mutate(undefined, { onError: wait.onError })}
      >
        {resend.isPending ? 'Sending...' : 'Resend Code'}
      </Button>
      {resend.isSuccess && <Alert tone="success">{resend.data?.message ?? SENT[channel]}</Alert>}
      {resend.isError && !wait.asked && <Alert>{errorText(resend.error, 'Failed to resend verification code')}</Alert>}
      {wait.asked && wait.waiting && <Alert>{wait.message}</Alert>}
    </>
  );
}
