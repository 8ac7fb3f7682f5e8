import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

// The list-property wizard filled through its labels, for the journeys that list a property.

/** What a listing's first two steps hold besides its title; the wizard's defaults where absent. */
export type WizardListing = { type?: string; city?: string; price?: string; bedrooms?: string };

/**
 * Types into the place field (Town for Ghana, City elsewhere) and picks the suggestion that is
 * `place`: "Hohoe" in Ghana's list reads "Hohoe, Volta".
 */
export async function pickPlace(page: Page, place: string, { typed = place, label = 'Town *' } = {}) {
  const field = page.getByRole('combobox', { name: label });
  await field.fill(typed);
  await page
    .getByRole('listbox', { name: label.replace(/\s*\*$/, '') })
    .getByRole('option', { name: new RegExp(`^${place}(,|$)`) })
    .click();
  await expect(field).toHaveValue(place);
}

/** Fills steps 1 and 2 and moves to the photos step. */
export async function fillWizardUpToPhotos(
  page: Page,
  title: string,
  { type, city = 'Kumasi', price = '900', bedrooms }: WizardListing = {},
) {
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Two rooms and a porch, a short walk from the lorry station.');
  if (type !== undefined) {
    await page.getByRole('combobox', { name: 'Property type' }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await pickPlace(page, city);
  await page.getByLabel('Price *').fill(price);
  if (bedrooms !== undefined) await page.getByLabel('Bedrooms').fill(bedrooms);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Amenities & photos' })).toBeVisible();
}

/** A plain photo: a few KB once downscaled. */
export const plainPhoto = async (name: string, red = 180) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: red, g: 90, b: 40 } } })
    .jpeg()
    .toBuffer(),
});

/** A photo of noise: JPEG cannot shrink it, so it stays large after the phone's downscale. */
export async function noisyPhoto(name: string, width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index++) pixels[index] = Math.floor(Math.random() * 256);
  return {
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  };
}
