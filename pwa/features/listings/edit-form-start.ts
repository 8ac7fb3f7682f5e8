import type { Property } from '../../lib/contract.ts';
import { readEditAutosave } from './edit-autosave.ts';
import { listingValues } from './listing-edit-diff.ts';
import { getItem } from '../../offline/outbox-store.ts';
import { isEditListingItem } from './listing-outbox-items.ts';
import { formFromEdit, formFromValues, parseFormState, type EditBase, type EditFormState } from './edit-form-state.ts';

/** What the edit form starts from, and where that came from (the form says so). */
export type EditFormStart = {
  base: EditBase;
  form: EditFormState;
  fromItem?: string | undefined;
  source: 'listing' | 'autosave' | 'refused-edit';
};

/**
 * The edit form starts from, in this order: the person's own unsaved form kept on this device
 * (unless they came to edit another refused item), a refused outbox item they chose to edit
 * (their values over the copy they were based on), or the listing as this device has it.
 */
export async function editFormStart(
  property: Property,
  ownerId: string,
  fromItem: string | undefined,
): Promise<EditFormStart> {
  const current: EditBase = { version: property.version, values: listingValues(property) };
  const saved = await readEditAutosave(ownerId, property.id);
  const form = saved && parseFormState(saved.form);
  if (saved && form && (fromItem === undefined || saved.fromItem === fromItem)) {
    return {
      base: { version: saved.baseVersion, values: saved.baseValues },
      form,
      fromItem: saved.fromItem,
      source: 'autosave',
    };
  }
  const item = fromItem ? await getItem(fromItem).catch(() => undefined) : undefined;
  if (item && isEditListingItem(item) && item.propertyId === property.id && item.ownerId === ownerId) {
    // An item from before base values were kept is laid over the listing as it is now.
    const base = item.baseValues
      ? { version: item.body.expectedVersion ?? property.version, values: item.baseValues }
      : current;
    return { base, form: formFromEdit(base.values, item.body), fromItem: item.id, source: 'refused-edit' };
  }
  return { base: current, form: formFromValues(current.values), source: 'listing' };
}
