import { apiGet, apiRequest } from '../../../lib/api-client.ts';
import type { PushKeyAnswer } from './search-alerts-contract.ts';

// Alerts on this phone by web push (docs/decisions/370): only when the server has VAPID keys and the
// browser can subscribe; otherwise alerts come by e-mail or SMS, and the app says so.

export type PushOutcome = 'on' | 'denied' | 'unavailable';

export const browserCanPush = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The server's key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The server's VAPID key, null when web push is off there. */
export const pushKey = async () => (await apiGet<PushKeyAnswer>('/api/push/public-key')).publicKey;

/** Asks the person, subscribes this browser and tells the server where to push. */
export async function turnOnPushAlerts(): Promise<PushOutcome> {
  const publicKey = await pushKey();
  if (!publicKey || !browserCanPush()) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    await apiRequest('PUT', '/api/user/push-subscriptions', { body: subscription.toJSON() });
    return 'on';
  } catch {
    // No push service for this browser (or it refused): the alerts come by e-mail or SMS.
    return 'unavailable';
  }
}
