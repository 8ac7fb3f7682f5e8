import { errorText, waitAsked } from '../../lib/api-client'
import { useCountdown } from '../../lib/use-countdown'
import { waitText } from '../../lib/wait-text'
import { Button } from '../../ui/button'
import { Alert } from '../../ui/field'
import { useResendCode, type Channel } from './verification.mutations'

const SENT: Record<Channel, string> = {
  email: 'A new verification code has been sent to your email',
  phone: 'A new verification code has been sent to your phone',
}

/**
 * Resend Code: a new code replaces the old one. Asked again too soon, the server answers 429 with
 * Retry-After: the button waits that long, and the screen says how long, counting down.
 */
export function ResendCode({ channel }: { channel: Channel }) {
  const resend = useResendCode(channel)
  const wait = useCountdown()
  const waiting = wait.secondsLeft > 0
  const refusedForNow = waitAsked(resend.error) !== null

  const send = () =>
    resend.mutate(undefined, {
      onError: (error) => {
        const seconds = waitAsked(error)
        if (seconds !== null) wait.start(seconds)
      },
    })

  return (
    <>
      <Button variant="ghost" disabled={resend.isPending || waiting} onClick={send}>
        {resend.isPending ? 'Sending...' : 'Resend Code'}
      </Button>
      {resend.isSuccess && <Alert tone="success">{resend.data?.message ?? SENT[channel]}</Alert>}
      {resend.isError && !refusedForNow && <Alert>{errorText(resend.error, 'Failed to resend verification code')}</Alert>}
      {refusedForNow && waiting && (
        <Alert>
          {errorText(resend.error, 'Please wait before asking for another code.')} You can ask for a new code in {waitText(wait.secondsLeft)}.
        </Alert>
      )}
    </>
  )
}
