import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/accounts.ts';
import { seedListing } from '../../testing/listings.ts';
import { createClient, createTestApp } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { createApp } from '../app.ts';

const database = useMigratedDatabase();
const ORIGIN = 'https://efie.example';
/** The built index.html's head, as vite writes it. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Efie: find a home away from home." />
    <title>Efie – a home away from home</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body><div id="root"></div></body>
</html>
`;

async function setup() {
  const { app: api, deps } = await createTestApp(database(), { config: { publicOrigin: ORIGIN } });
  const pwaDir = mkdtempSync(join(tmpdir(), 'efie-pwa-'));
  writeFileSync(join(pwaDir, 'index.html'), SHELL);
  const app = createApp({ ...deps, pwaDir });
  const host = createClient(api);
  const { user } = await registerUser(host, { firstName: 'Kwame', userType: 'owner' });
  const page = async (path: string, cookie?: string) => {
    const res = await app.request(path, cookie ? { headers: { cookie } } : {});
    return { status: res.status, html: await res.text() };
  };
  return { deps, ownerId: user.id, host, page };
}

const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

describe('a listing’s page as the server sends it', () => {
  it('carries a live listing’s title, price, place and first photo for link previews and crawlers', async () => {
    const { deps, ownerId, page } = await setup();
    const id = await seedListing(
      deps.store,
      ownerId,
      {
        title: 'Bright flat in Osu',
        description: 'Two rooms near Oxford Street.',
        city: 'Accra',
        pricePerNight: 1500,
        bedrooms: 2,
      },
      { images: ['/files/listing-photos/osu-1.webp', '/files/listing-photos/osu-2.webp'] },
    );
    const { status, html } = await page(`/property/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('<title>Bright flat in Osu – GH₵1,500 a month in Accra, Ghana | Efie</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Bright flat in Osu – GH₵1,500 a month" />');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/files/listing-photos/osu-1.webp" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/property/${id}" />`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/property/${id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('2 bedrooms, in Accra, Ghana. Two rooms near Oxford Street.');
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Apartment',
      name: 'Bright flat in Osu',
      numberOfRooms: 2,
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Accra',
        addressRegion: 'Greater Accra',
        addressCountry: 'Ghana',
      },
      offers: { '@type': 'Offer', price: 1500, priceCurrency: 'GHS' },
    });
    // The app still starts: its script is there, and the tags are in the head.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
  });

  it('writes a listing’s own text only as text: nothing it holds can open or close an element', async () => {
    const { deps, ownerId, page } = await setup();
    const title = 'Flat "A" <script>alert(1)</script> & co';
    const id = await seedListing(deps.store, ownerId, { title, description: 'Near </script><script>x()</script>' });
    const { html } = await page(`/property/${id}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<script>x()</script>');
    expect(html).toContain('Flat &quot;A&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(jsonLdOf(html)).toMatchObject({ name: title, description: 'Near </script><script>x()</script>' });
  });

  it('answers 404 with none of a listing’s data when it is not live, unknown or no id at all, and 200 to a signed-in caller', async () => {
    const { deps, ownerId, host, page } = await setup();
    const pending = await seedListing(
      deps.store,
      ownerId,
      { title: 'Not yet approved', description: 'Secret plans' },
      { live: false },
    );
    for (const path of [`/property/${pending}`, `/property/${crypto.randomUUID()}`, '/property/not-an-id']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root"></div>');
    }
    const visitor = await page(`/property/${pending}`);
    expect(visitor.html).not.toContain('Not yet approved');
    expect(visitor.html).not.toContain('Secret plans');
    // The owner (or an admin) sees it in the app: the page loads, still with nothing of it in the HTML.
    const cookie = [...host.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const owner = await page(`/property/${pending}`, cookie);
    expect(owner.status).toBe(200);
    expect(owner.html).not.toContain('Not yet approved');
  });

  it('leaves every other page as the app’s plain shell', async () => {
    const { deps, ownerId, page } = await setup();
    const id = await seedListing(deps.store, ownerId, { title: 'Edited later' });
    for (const path of ['/', '/search?location=Accra', `/property/${id}/edit`]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toBe(SHELL);
    }
  });
});
