import { Toast } from 'radix-ui';
import { dismissToast, type ShownToast } from './toast.ts';
import { t, translateText } from '../i18n/i18n.ts';

/** Radix defaults already match the spec: 5000 ms, swipe right with a 50 px threshold, F8 hotkey. */
export function ToastView({ shown }: { shown: ShownToast | null }) {
  return (
    <Toast.Provider>
      {shown && (
        <Toast.Root
          key={shown.id}
          onOpenChange={(open) => !open && dismissToast(shown.id)}
          className={`relative grid gap-1 rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 ${
            shown.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-stone-200 bg-white text-stone-900'
          }`}
        >
          <Toast.Title className="text-sm font-semibold">{translateText(shown.title)}</Toast.Title>
          {shown.description && (
            <Toast.Description className="text-sm">{translateText(shown.description)}</Toast.Description>
          )}
          <Toast.Close
            aria-label={t('common.close')}
            className="absolute right-2 top-2 rounded px-1 text-lg leading-none"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]" />
    </Toast.Provider>
  );
}
