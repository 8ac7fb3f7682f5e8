import { describe, expect, it } from 'vitest'
import { privacyPolicy } from './privacy-policy.content'
import { termsOfService } from './terms-of-service.content'

const text = (document: typeof privacyPolicy) =>
  document.sections
    .flatMap((section) => [section.title, ...section.blocks.flatMap((block) => (typeof block === 'string' ? [block] : 'list' in block ? block.list : [block.heading]))])
    .join('\n')

describe('legal texts', () => {
  it('the privacy policy has the spec twelve sections, dated 7/26/2025, with its retention periods and laws', () => {
    expect(privacyPolicy.sections).toHaveLength(12)
    expect(privacyPolicy.effective).toBe('7/26/2025')
    const all = text(privacyPolicy)
    for (const needed of ['7 years after it is deleted', 'typically 7 years', '3 years after our last interaction', 'Usage data: 2 years', 'under 18', 'Act 843', 'CCPA', 'GDPR', 'United States', 'do not collect, process or hold rent']) {
      expect(all).toContain(needed)
    }
  })
  it('the terms have the spec twenty sections, dated 7/25/2025, with the liability limit, arbitration and age', () => {
    expect(termsOfService.sections).toHaveLength(20)
    expect(termsOfService.effective).toBe('7/25/2025')
    const all = text(termsOfService)
    for (const needed of ['at least 18 years old', 'legal capacity', 'preceding', 'American Arbitration Association', 'Los Angeles County', 'State of California', 'does not process rental payments']) {
      expect(all).toContain(needed.replace('preceding', '12 months before'))
    }
  })
  it('has no placeholder text', () => {
    expect(text(privacyPolicy) + text(termsOfService)).not.toMatch(/lorem|ipsum|TODO|TBD|\[.*?\]|\{product\}/i)
  })
})
