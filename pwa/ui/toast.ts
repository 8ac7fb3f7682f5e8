// One toast at a time (spec part 1 §9): a new toast replaces the one on screen.
// The store only: the Toaster (toaster.tsx) shows it, so this module imports no React.
export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type ShownToast = ToastInput & { id: number };

let current: ShownToast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ };
  emit();
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

export const currentToast = (): ShownToast | null => current;

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
