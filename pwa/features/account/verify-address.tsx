import { Link, useNavigate } from '@tanstack/react-router'
import { rememberReturnPath } from '../../lib/after-sign-in'
import { errorText, waitAsked } from '../../lib/api-client'
import { useCountdown } from '../../lib/use-countdown'
import { waitText } from '../../lib/wait-text'
import { Button } from '../../ui/button'
import { Alert } from '../../ui/field'
import { toast } from '../../ui/toast'
import { useSendCode, type Address } from './send-code.mutation'

const WORDS: Record<Address, { name: string; page: '/verify-email' | '/verify-phone' }> = {
  email: { name: 'email', page: '/verify-email' },
  phone: { name: 'phone', page: '/verify-phone' },
}

/**
 * "Verify email" beside an unproven address: sends a code and opens the page to enter it, which
 * brings the person back here once verified. Asked again too soon (429), it says how long to wait,
 * and offers the page for a code that already came.
 */
export function VerifyAddress({ address, to }: { address: Address; to: string }) {
  const send = useSendCode(address)
  const navigate = useNavigate()
  const wait = useCountdown()
  const { name, page } = WORDS[address]
  const refused = waitAsked(send.error) !== null

  const start = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Code sent', description: `We sent a 6-digit code to ${to}.` })
        rememberReturnPath('/account-settings')
        void navigate({ to: page })
      },
      onError: (error) => {
        const seconds = waitAsked(error)
        if (seconds !== null) wait.start(seconds)
      },
    })

  return (
    <div className="mt-4 grid gap-2">
      <Button variant="secondary" className="w-full" disabled={send.isPending || wait.secondsLeft > 0} onClick={start}>
        {send.isPending ? 'Sending code...' : `Verify ${name}`}
      </Button>
      {send.isError && !refused && <Alert>{errorText(send.error, 'The code could not be sent. Please try again.')}</Alert>}
      {refused && wait.secondsLeft > 0 && (
        <Alert>
          {errorText(send.error, 'Please wait before asking for another code.')} You can ask for a new code in {waitText(wait.secondsLeft)}.{' '}
          <Link to={page} onClick={() => rememberReturnPath('/account-settings')} className="font-medium underline">Enter a code you already have</Link>
        </Alert>
      )}
    </div>
  )
}
