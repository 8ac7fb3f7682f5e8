import { Suspense, lazy, useSyncExternalStore } from 'react';
import { currentToast, subscribeToToasts } from './toast.ts';

// The Radix toast code loads with the first toast, not with the first page.
const ToastView = lazy(() => import('./toast-view.tsx').then((module) => ({ default: module.ToastView })));
let everShown = false;

export function Toaster() {
  const shown = useSyncExternalStore(subscribeToToasts, currentToast, () => null);
  if (shown) everShown = true;
  if (!everShown) return null;
  return (
    <Suspense fallback={null}>
      <ToastView shown={shown} />
    </Suspense>
  );
}
