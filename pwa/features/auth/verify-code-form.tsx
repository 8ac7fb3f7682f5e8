import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { takeAfterSignIn } from '../../lib/after-sign-in.ts';
import { ApiError, errorText, waitAsked } from '../../lib/api-client.ts';
import { waitText } from '../../lib/wait-text.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Alert, TextField } from '../../ui/field.tsx';
import { CodeSchema } from '../../lib/contract.ts';
import { ResendCode } from './resend-code.tsx';
import type { Channel } from '../../lib/queries/resend-code.mutation.ts';
import { useVerifyCode } from './verification.mutations.ts';
import * as v from 'valibot';
import { t, useT } from '../../i18n/i18n.ts';
import { enAuth } from '../../i18n/en-auth.ts';

const REDIRECT_MS = 3000;

export function VerifyCodeForm({ channel }: { channel: Channel }) {
  const [code, setCode] = useState('');
  // Where the person was going before signing up (a listing's contact page, say), read once verified.
  const [next, setNext] = useState<ReturnType<typeof takeAfterSignIn>>({ to: '/' });
  const verify = useVerifyCode(channel);
  const navigate = useNavigate();
  const valid = v.is(CodeSchema, code);
  useT(enAuth);

  useEffect(() => {
    if (!verify.isSuccess) return;
    const timer = setTimeout(() => void navigate(next), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verify.isSuccess, navigate, next]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) verify.mutate(code, { onSuccess: () => setNext(takeAfterSignIn()) });
  };

  const email = channel === 'email';
  return (
    <AuthCard
      title={email ? t('auth.verifyEmail') : t('auth.verifyPhone')}
      subtitle={email ? t('auth.enterCodeEmail') : t('auth.enterCodePhone')}
    >
      {verify.isSuccess ? (
        <Alert tone="success">
          {email ? t('auth.emailVerified') : t('auth.phoneVerified')}{' '}
          {next.href ? t('auth.takingBack') : t('auth.takingHome')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {verify.isError && <Alert>{failureText(verify.error)}</Alert>}
          <TextField
            label={t('auth.verificationCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={code.length > 0 && code.length < 6 ? t('error.pleaseEnterAValid6digitCode') : undefined}
            className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-center font-mono text-2xl tracking-[0.5em]"
          />
          <Button type="submit" disabled={!valid || verify.isPending}>
            {verify.isPending ? t('auth.verifying') : t('auth.verify')}
          </Button>
          <ResendCode channel={channel} />
        </form>
      )}
    </AuthCard>
  );
}

/** The server's reason; after too many wrong codes (429), also how long to wait. */
function failureText(error: Error): string {
  if (!(error instanceof ApiError)) return t('auth.verifyError');
  const text = errorText(error, t('auth.invalidCode'));
  const seconds = waitAsked(error);
  return seconds !== null ? t('auth.tryAgainIn', { text, wait: waitText(seconds) }) : text;
}
