import { newIdempotencyKey } from './api-client'

const VISITOR_KEY = 'efie.visitorId'

function visitorId(): string {
  try {
    const existing = localStorage.getItem(VISITOR_KEY)
    if (existing) return existing
    const created = `visitor_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`
    localStorage.setItem(VISITOR_KEY, created)
    return created
  } catch {
    return `visitor_${Date.now()}_anonymous`
  }
}

/** POST /api/analytics/track-visitor on each page load; failures are logged and ignored. */
export function trackVisit(pageUrl: string): void {
  fetch('/api/analytics/track-visitor', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newIdempotencyKey() },
    body: JSON.stringify({ visitorId: visitorId(), pageUrl, pageTitle: document.title }),
    keepalive: true,
  }).catch((error: unknown) => console.warn('visitor tracking failed', error))
}
