import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { takeAfterSignIn } from '../../lib/after-sign-in'
import { errorText } from '../../lib/api-client'
import { AuthCard } from '../../ui/auth-card'
import { Button } from '../../ui/button'
import { Alert, TextField } from '../../ui/field'
import { validate, type FieldErrors } from '../../ui/form'
import { PasswordField } from '../../ui/password-field'
import { SelectField } from '../../ui/select'
import { SegmentedTabs } from '../../ui/tabs'
import { toast } from '../../ui/toast'
import { RegisterSchema, type RegisterBody } from '../../lib/contract'
import { useRegister } from './register.mutation'

export type RegisterSearch = { action?: string | undefined; propertyId?: string | undefined; userType?: string | undefined }

const ACCOUNT_TYPES = [
  { value: 'renter', label: 'Renter' },
  { value: 'owner', label: 'Property Owner' },
  { value: 'agent', label: 'Real Estate Agent' },
]

// userType=owner, userType=property_professional (home page) and action=list-property start as an owner.
function initialUserType(search: RegisterSearch): string {
  if (search.userType === 'agent') return 'agent'
  if (search.userType === 'owner' || search.userType === 'property_professional' || search.action === 'list-property') return 'owner'
  if (search.userType === 'renter') return 'renter'
  return ''
}

export function RegisterForm({ search }: { search: RegisterSearch }) {
  const [values, setValues] = useState({
    firstName: '', lastName: '', registrationMethod: 'email', email: '', phone: '',
    userType: initialUserType(search), businessName: '', password: '', confirmPassword: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const register = useRegister()
  const navigate = useNavigate()
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((old) => ({ ...old, [key]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const method = values.registrationMethod === 'phone' ? 'phone' : 'email'
    // Only the chosen identifier is sent, and the business name only for agents.
    const body = {
      firstName: values.firstName, lastName: values.lastName, password: values.password, confirmPassword: values.confirmPassword,
      userType: values.userType as RegisterBody['userType'], registrationMethod: method,
      ...(method === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim() }),
      ...(values.userType === 'agent' && values.businessName.trim() ? { businessName: values.businessName.trim() } : {}),
    } satisfies RegisterBody
    const result = validate(RegisterSchema, body)
    setErrors(result.errors)
    if (!result.ok) return
    register.mutate(body, {
      onSuccess: (answer) => {
        if (answer.requiresVerification && answer.verificationMethod === 'email') {
          toast({ title: 'Check your email', description: 'We sent you a 6-digit code to verify your email address.' })
          void navigate({ to: '/verify-email' })
        } else if (answer.requiresVerification && answer.verificationMethod === 'phone') {
          void navigate({ to: '/verify-phone' })
        } else if (search.action === 'contact' && search.propertyId) {
          void navigate({ to: '/contact-landlord/$id', params: { id: search.propertyId } })
        } else if (search.action === 'list-property') {
          void navigate({ to: '/list-property' })
        } else {
          void navigate(takeAfterSignIn() ?? { to: '/' })
        }
      },
    })
  }

  const subtitle = search.action === 'contact' ? 'Create a free account to see the contact details of this property.'
    : search.action === 'services' ? 'Create a free account to find trusted home maintenance services.'
    : 'Join Efie to save homes, contact owners and list your property.'
  return (
    <AuthCard title="Create your account" subtitle={subtitle}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {register.isError && <Alert>{errorText(register.error, 'Registration failed')}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} />
          <TextField label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
        </div>
        <SegmentedTabs
          label="Register with"
          value={values.registrationMethod}
          onValueChange={(registrationMethod) => setValues((old) => ({ ...old, registrationMethod }))}
          items={[
            { value: 'email', label: 'Email', content: <TextField label="Email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} /> },
            { value: 'phone', label: 'Phone', content: <TextField label="Phone number" type="tel" autoComplete="tel" placeholder="+233 24 123 4567" value={values.phone} onChange={set('phone')} error={errors.phone} /> },
          ]}
        />
        <SelectField
          label="Account type"
          placeholder="Select account type"
          value={values.userType}
          onValueChange={(userType) => setValues((old) => ({ ...old, userType }))}
          options={ACCOUNT_TYPES}
          error={errors.userType}
        />
        {values.userType === 'agent' && (
          <TextField label="Business name" autoComplete="organization" value={values.businessName} onChange={set('businessName')} error={errors.businessName} />
        )}
        <PasswordField label="Password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} />
        <PasswordField label="Confirm password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword} />
        <Button type="submit" disabled={register.isPending}>{register.isPending ? 'Creating account...' : 'Create Account'}</Button>
        <p className="text-center text-sm">
          Already have an account? <Link to="/login" className="font-semibold text-teal-800 hover:underline">Sign in</Link>
        </p>
      </form>
    </AuthCard>
  )
}
