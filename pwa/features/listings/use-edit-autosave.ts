import { useEffect, useRef } from 'react';
import { clearEditAutosave, writeEditAutosave } from './edit-autosave.ts';
import type { EditBase, EditFormState } from './edit-form-state.ts';

const AUTOSAVE_DELAY_MS = 300;

type Options = {
  ownerId: string;
  propertyId: string;
  base: EditBase;
  form: EditFormState;
  fromItem: string | undefined;
  restored: boolean;
};

/**
 * Keeps the edit form on the device as the person types (issue 20: a phone short of memory
 * kills the tab while the photo picker is open). Nothing is written until they change
 * something (or the form was itself restored); `clear` once the edit is saved or queued.
 */
export function useEditAutosave({ ownerId, propertyId, base, form, fromItem, restored }: Options) {
  const dirty = useRef(restored);
  const finished = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!dirty.current || finished.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (finished.current) return;
      void writeEditAutosave({
        ownerId,
        propertyId,
        savedAt: Date.now(),
        baseVersion: base.version,
        baseValues: base.values,
        form,
        ...(fromItem ? { fromItem } : {}),
      });
    }, AUTOSAVE_DELAY_MS);
  }, [ownerId, propertyId, base, form, fromItem]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    touched: () => {
      dirty.current = true;
    },
    clear: async () => {
      finished.current = true;
      clearTimeout(timer.current);
      await clearEditAutosave(ownerId, propertyId);
    },
  };
}
