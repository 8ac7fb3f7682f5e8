import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { Button } from './button.tsx';
import { t } from '../i18n/i18n.ts';

type Props = {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Either a trigger element, or a controlled open state. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** A destructive action asked twice (Radix AlertDialog: focus starts on Cancel). */
export function ConfirmDialog({ title, description, confirmLabel, onConfirm, trigger, open, onOpenChange }: Props) {
  const controlled = open === undefined ? {} : { open, ...(onOpenChange ? { onOpenChange } : {}) };
  return (
    <AlertDialog.Root {...controlled}>
      {trigger && <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-stone-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{t('common.cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
