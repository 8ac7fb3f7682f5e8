import { useState, type FormEvent } from 'react'
import type { User } from '../../lib/contract'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { TextField } from '../../ui/field'
import { validate, type FieldErrors } from '../../ui/form'
import { toast } from '../../ui/toast'
import { ProfileUpdateSchema } from '../../lib/contract'
import { useUpdateProfile } from './update-profile.mutation'

export function ProfileCard({ user }: { user: User }) {
  const [values, setValues] = useState({
    firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '', phone: user.phone ?? '',
    businessName: user.businessName ?? '', licenseNumber: user.licenseNumber ?? '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const update = useUpdateProfile()
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues((old) => ({ ...old, [key]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(ProfileUpdateSchema, values)
    setErrors(result.errors)
    if (!result.ok) return
    update.mutate(values, {
      onSuccess: (answer) => {
        if (answer?.verificationRequired && answer.verificationMethods?.length) {
          toast({ title: 'Verification Required', description: `Please check your ${answer.verificationMethods.join(' and ')} for verification instructions.` })
        } else {
          toast({ title: 'Profile updated', description: answer?.message || 'Your account information has been saved successfully' })
        }
      },
      onError: () => toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }),
    })
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">Profile Information</h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={errors.firstName} />
          <TextField label="Last Name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={errors.lastName} />
        </div>
        <TextField label="Email Address" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
        <fieldset className="grid gap-4 border-t border-stone-200 pt-4">
          <legend className="pt-4 font-semibold">Business Information (Optional)</legend>
          <TextField label="Business Name" autoComplete="organization" value={values.businessName} onChange={set('businessName')} error={errors.businessName} />
          <TextField label="License Number" value={values.licenseNumber} onChange={set('licenseNumber')} error={errors.licenseNumber} />
        </fieldset>
        <div>
          <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save Changes'}</Button>
        </div>
      </form>
    </Card>
  )
}
