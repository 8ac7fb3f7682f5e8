import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { takeAfterSignIn } from '../../lib/after-sign-in'
import { ApiError, errorText } from '../../lib/api-client'
import { AuthCard } from '../../ui/auth-card'
import { Button } from '../../ui/button'
import { Alert, TextField } from '../../ui/field'
import { CodeSchema } from '../../lib/contract'
import { useResendPhoneCode, useVerifyCode, type Channel } from './verification.mutations'
import * as v from 'valibot'

const REDIRECT_MS = 3000

export function VerifyCodeForm({ channel }: { channel: Channel }) {
  const [code, setCode] = useState('')
  const verify = useVerifyCode(channel)
  const resend = useResendPhoneCode()
  const navigate = useNavigate()
  const valid = v.is(CodeSchema, code)

  useEffect(() => {
    if (!verify.isSuccess) return
    const timer = setTimeout(() => void navigate(takeAfterSignIn() ?? { to: '/' }), REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [verify.isSuccess, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid) verify.mutate(code)
  }

  const what = channel === 'email' ? 'email address' : 'phone number'
  const failure = verify.error instanceof ApiError ? errorText(verify.error, 'Invalid verification code') : 'An error occurred during verification'
  return (
    <AuthCard title={channel === 'email' ? 'Verify your email' : 'Verify your phone'} subtitle={`Enter the 6-digit code we sent to your ${what}.`}>
      {verify.isSuccess ? (
        <Alert tone="success">Your {what} is verified. Taking you to the home page…</Alert>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {verify.isError && <Alert>{failure}</Alert>}
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            error={code.length > 0 && code.length < 6 ? 'Please enter a valid 6-digit code' : undefined}
            className="block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-center font-mono text-2xl tracking-[0.5em]"
          />
          <Button type="submit" disabled={!valid || verify.isPending}>{verify.isPending ? 'Verifying...' : 'Verify'}</Button>
          {channel === 'phone' && (
            <>
              <Button variant="ghost" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? 'Sending...' : 'Resend Code'}
              </Button>
              {resend.isSuccess && <Alert tone="success">A new verification code has been sent to your phone</Alert>}
              {resend.isError && <Alert>{errorText(resend.error, 'Failed to resend verification code')}</Alert>}
            </>
          )}
        </form>
      )}
    </AuthCard>
  )
}
