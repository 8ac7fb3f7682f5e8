import { useEffect, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Switch } from 'radix-ui'
import type { Property } from '../../lib/contract'
import { useAuth } from '../../lib/current-user'
import { useProperty } from '../../lib/queries/property.queries'
import { isNetworkFailure, queueEdit } from '../../offline/queue-edit'
import { buttonClass, Button } from '../../ui/button'
import { Card, PageTitle } from '../../ui/card'
import { CenteredSpinner } from '../../ui/spinner'
import { toast } from '../../ui/toast'
import { AmenityFields, BasicsFields, LocationPriceFields, PhotoFields } from './listing-fields'
import { checkEdit, type ListingDraft } from './listing-form.schema'
import { useUpdateProperty } from './listing-mutations'

const DENIED = "Access Denied: You don't have permission to edit this property"

export function EditProperty({ id }: { id: string }) {
  const auth = useAuth()
  const property = useProperty(id)
  const navigate = useNavigate()
  const denied = auth.status === 'authenticated' && (property.isError || (property.data !== undefined && property.data.ownerId !== auth.user.id))

  useEffect(() => {
    if (auth.status === 'unauthenticated') void navigate({ to: '/login' })
  }, [auth.status, navigate])
  useEffect(() => {
    if (!denied) return
    toast({ title: 'Access Denied', description: "You don't have permission to edit this property", variant: 'destructive' })
    void navigate({ to: '/dashboard' })
  }, [denied, navigate])

  if (auth.status !== 'authenticated' || property.isPending || denied) {
    return denied ? <p className="sr-only" role="alert">{DENIED}</p> : <CenteredSpinner />
  }
  return <EditForm property={property.data!} />
}

const toDraft = (property: Property): ListingDraft => ({
  title: property.title, description: property.description, propertyType: property.propertyType, category: property.category,
  listingType: property.listingType, country: property.country, city: property.city, address: property.address,
  price: String(property.pricePerNight ?? ''), currency: property.currency, pricingPeriod: property.pricingPeriod,
  bedrooms: String(property.bedrooms), bathrooms: String(property.bathrooms), amenities: property.amenities ?? [], images: property.images ?? [],
})

function EditForm({ property }: { property: Property }) {
  const [draft, setDraft] = useState(() => toDraft(property))
  const [isActive, setIsActive] = useState(property.isActive)
  const update = useUpdateProperty()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const onChange = (patch: Partial<ListingDraft>) => setDraft((old) => ({ ...old, ...patch }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = checkEdit(draft, { isActive, expectedVersion: property.version })
    if (!checked.ok) {
      toast({ title: 'Validation Error', description: checked.message, variant: 'destructive' })
      return
    }
    // Offline (issue 6): with no connection the changes wait in the outbox instead of failing.
    const queue = async () => {
      try {
        await queueEdit(queryClient, property, checked.body)
      } catch (error) {
        return toast({ title: 'Failed to update property. Please try again.', description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
      }
      toast({ title: 'Saved on this device', description: 'Your changes will be sent when you are back online.' })
      void navigate({ to: '/property/$id', params: { id: property.id } })
    }
    if (!navigator.onLine) return void queue()
    update.mutate(
      { id: property.id, ...checked.body },
      {
        onSuccess: () => {
          toast({ title: 'Property updated', description: 'Your changes have been saved.' })
          void navigate({ to: '/property/$id', params: { id: property.id } })
        },
        onError: (error) => {
          if (isNetworkFailure(error)) return void queue()
          toast({ title: 'Failed to update property. Please try again.', variant: 'destructive' })
        },
      },
    )
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageTitle sub={property.title}>Edit Property</PageTitle>
      <Card>
        <form onSubmit={submit} noValidate className="grid gap-6">
          <BasicsFields draft={draft} onChange={onChange} />
          <LocationPriceFields draft={draft} onChange={onChange} roomsMin={{ bedrooms: 1, bathrooms: 1, price: 0 }} />
          <AmenityFields draft={draft} onChange={onChange} />
          <PhotoFields draft={draft} onChange={onChange} mode="multipart" failureTitle="Failed to upload images" />
          <div className="flex items-center gap-3">
            <Switch.Root id="is-active" checked={isActive} onCheckedChange={setIsActive}
              className="relative h-6 w-11 rounded-full bg-stone-300 data-[state=checked]:bg-teal-700">
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
            </Switch.Root>
            <label htmlFor="is-active" className="text-sm font-medium">Active and available for booking</label>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save Changes'}</Button>
            <Link to="/property/$id" params={{ id: property.id }} className={buttonClass('secondary')}>Cancel</Link>
          </div>
        </form>
      </Card>
    </div>
  )
}
