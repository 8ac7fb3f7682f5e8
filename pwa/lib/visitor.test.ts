import { afterEach, describe, expect, it, vi } from 'vitest';

// The wiring of trackVisit to the page's events, on stand-ins for document, window and navigator.
async function page() {
  vi.resetModules();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible', title: 'Efie' });
  const win = new EventTarget();
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
  const nav = { onLine: true, sendBeacon };
  const store = new Map<string, string>();
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', nav);
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  });
  const { trackVisit } = await import('./visitor.ts');
  const views = async (call: number) => {
    const body = JSON.parse(await (sendBeacon.mock.calls[call]![1] as Blob).text()) as {
      visitorId: string;
      views: { pageUrl: string }[];
    };
    return body.views.map((view) => view.pageUrl);
  };
  return { doc, win, nav, sendBeacon, store, trackVisit, views };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('trackVisit in the page', () => {
  it('sends the queued views when the page is hidden, under the stored visitor id', async () => {
    const { doc, sendBeacon, store, trackVisit, views } = await page();
    trackVisit('/');
    trackVisit('/search?location=Accra');
    expect(sendBeacon).not.toHaveBeenCalled();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(await views(0)).toEqual(['/', '/search?location=Accra']);
    const body = JSON.parse(await (sendBeacon.mock.calls[0]![1] as Blob).text()) as { visitorId: string };
    expect(body.visitorId).toBe(store.get('efie.visitorId'));
  });

  it('on pagehide too', async () => {
    const { win, sendBeacon, trackVisit } = await page();
    trackVisit('/');
    win.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('holds views while offline and sends them when the online event comes', async () => {
    vi.useFakeTimers();
    const { win, nav, sendBeacon, trackVisit, views } = await page();
    nav.onLine = false;
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f']) trackVisit(path);
    await vi.runAllTimersAsync();
    expect(sendBeacon).not.toHaveBeenCalled();
    nav.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(await views(0)).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
  });
});
