import { describe, expect, it } from 'vitest'
import { unsentWarning } from './sign-out'

describe('unsentWarning', () => {
  it('says how many changes are unsent and that they are kept for the person', () => {
    expect(unsentWarning(2)).toBe('You have 2 unsent changes. They stay on this phone and are sent when you sign in again.')
    expect(unsentWarning(1)).toBe('You have 1 unsent change. It stays on this phone and is sent when you sign in again.')
  })
})
