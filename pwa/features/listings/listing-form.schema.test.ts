import { describe, expect, it } from 'vitest'
import { checkEdit, checkNewListing, emptyDraft } from './listing-form.schema'

const filled = { ...emptyDraft(), title: 'Flat', description: 'Nice', city: 'Accra', price: 'GH₵ 1,500' }

describe('new listing checks (the API contract schema)', () => {
  it('strips currency symbols, commas and spaces from the price', () => {
    const result = checkNewListing({ ...filled, price: 'GH₵ 1,500.50' })
    expect(result.ok && result.body.pricePerNight).toBe(1500.5)
  })
  it('asks for the required fields first', () => {
    expect(checkNewListing({ ...filled, title: ' ', price: '0' })).toEqual({ ok: false, message: 'Please fill in all required fields' })
  })
  it('refuses a price that is not above 0', () => {
    expect(checkNewListing({ ...filled, price: '0' })).toEqual({ ok: false, message: 'Please enter a valid price' })
  })
  it('defaults the address to "city, country" and rooms to 1', () => {
    const result = checkNewListing({ ...filled, bedrooms: 'x', bathrooms: '' })
    expect(result.ok && result.body).toMatchObject({ address: 'Accra, Ghana', bedrooms: 1, bathrooms: 1, pricePerNight: 1500 })
  })
})

describe('edit checks', () => {
  it('requires title, address, city and country', () => {
    expect(checkEdit({ ...filled, address: '' }, { isActive: true, expectedVersion: 1 })).toEqual({ ok: false, message: 'Please fill in all required fields' })
  })
  it('sends isActive and the expected version', () => {
    const result = checkEdit({ ...filled, address: '1 Ring Road' }, { isActive: false, expectedVersion: 3 })
    expect(result.ok && result.body).toMatchObject({ isActive: false, expectedVersion: 3, address: '1 Ring Road' })
  })
})
