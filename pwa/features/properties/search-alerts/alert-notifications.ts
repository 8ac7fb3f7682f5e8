/// <reference lib="webworker" />

// Saved-search alerts in the service worker (docs/decisions/370): a push shows a notification of
// the listing; tapping it opens the listing, in a window of Efie already open when there is one.

/** What the server sends (api/outbox/outbox.ts, PushPayload): saved-search alerts and new messages. */
export type AlertPayload = { title: string; body: string; url: string; tag: string };

/** The payload, when it is one: only a path of this app is ever opened. */
export function alertPayload(data: unknown): AlertPayload | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string' || typeof tag !== 'string')
    return undefined;
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  return { title, body, url, tag };
}

export function showAlert(registration: ServiceWorkerRegistration, payload: AlertPayload): Promise<void> {
  return registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: payload.url },
  });
}

/** Opens the listing: an open window of the app goes there (and comes to the front), else a new one. */
export async function openAlert(clients: Clients, origin: string, url: string): Promise<void> {
  const target = new URL(url, origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    await open.navigate(target).catch(() => undefined);
    await open.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(target);
}
