import { Link, useNavigate } from '@tanstack/react-router';
import { rememberReturnPath } from '../../lib/after-sign-in.ts';
import { errorText } from '../../lib/api-client.ts';
import { useResendCode, type Channel } from '../../lib/queries/resend-code.mutation.ts';
import { useAskedWait } from '../../lib/use-asked-wait.ts';
import { Button } from '../../ui/button.tsx';
import { Alert } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.ts';
import { useT } from '../../i18n/i18n.ts';
import { enAccount } from '../../i18n/en-account.ts';
import { enAuth } from '../../i18n/en-auth.ts';

const WORDS = {
  email: { name: 'account.verifyEmail', page: '/verify-email' },
  phone: { name: 'account.verifyPhone', page: '/verify-phone' },
} as const satisfies Record<Channel, { name: string; page: '/verify-email' | '/verify-phone' }>;

/**
 * "Verify email" beside an unproven address: sends a code and opens the page to enter it, which
 * brings the person back here once verified. Asked again too soon (429), it says how long to wait,
 * and offers the page for a code that already came.
 */
export function VerifyAddress({ address, to }: { address: Channel; to: string }) {
  const send = useResendCode(address);
  const navigate = useNavigate();
  const wait = useAskedWait(send.error);
  const { t } = useT(enAccount, enAuth);
  const { name, page } = WORDS[address];

  const start = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('account.codeSent'), description: t('account.codeSentTo', { to }) });
        rememberReturnPath('/account-settings');
        void navigate({ to: page });
      },
      onError: wait.onError,
    });

  return (
    <div className="mt-4 grid gap-2">
      <Button variant="secondary" className="w-full" disabled={send.isPending || wait.waiting} onClick={start}>
        {send.isPending ? t('account.sendingCode') : t(name)}
      </Button>
      {send.isError && !wait.asked && <Alert>{errorText(send.error, t('account.codeNotSent'))}</Alert>}
      {wait.asked && wait.waiting && (
        <Alert>
          {wait.message}{' '}
          <Link to={page} onClick={() => rememberReturnPath('/account-settings')} className="font-medium underline">
            {t('account.enterCode')}
          </Link>
        </Alert>
      )}
    </div>
  );
}
