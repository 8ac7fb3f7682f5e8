import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { takeAfterSignIn } from '../../lib/after-sign-in'
import { errorText } from '../../lib/api-client'
import { AuthCard } from '../../ui/auth-card'
import { Button } from '../../ui/button'
import { Alert, TextField } from '../../ui/field'
import { validate, type FieldErrors } from '../../ui/form'
import { PasswordField } from '../../ui/password-field'
import { SegmentedTabs } from '../../ui/tabs'
import { LoginSchema, type LoginBody } from '../../lib/contract'
import { useLogin } from './login.mutation'

export function LoginForm() {
  const [method, setMethod] = useState<'email' | 'phone'>('email')
  const [values, setValues] = useState({ email: '', phone: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const login = useLogin()
  const navigate = useNavigate()
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((old) => ({ ...old, [key]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Only the chosen identifier is checked and sent.
    const body: LoginBody = method === 'email' ? { email: values.email.trim(), password: values.password } : { phone: values.phone.trim(), password: values.password }
    const result = validate(LoginSchema, { registrationMethod: method, ...body })
    setErrors(result.errors)
    if (!result.ok) return
    login.mutate(body, { onSuccess: () => void navigate(takeAfterSignIn() ?? { to: '/' }) })
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Efie account">
      <form onSubmit={submit} noValidate className="grid gap-4">
        {login.isError && <Alert>{errorText(login.error, 'Login failed')}</Alert>}
        <SegmentedTabs
          label="Sign in with"
          value={method}
          onValueChange={(value) => setMethod(value as 'email' | 'phone')}
          items={[
            { value: 'email', label: 'Email', content: <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} /> },
            { value: 'phone', label: 'Phone', content: <TextField label="Phone number" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} /> },
          ]}
        />
        <PasswordField label="Password" autoComplete="current-password" value={values.password} onChange={set('password')} error={errors.password} />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="font-medium text-teal-800 hover:underline">Forgot password?</Link>
        </div>
        <Button type="submit" disabled={login.isPending}>{login.isPending ? 'Signing in...' : 'Sign In'}</Button>
        <p className="text-center text-sm">
          Don't have an account? <Link to="/register" className="font-semibold text-teal-800 hover:underline">Sign up</Link>
        </p>
      </form>
    </AuthCard>
  )
}
