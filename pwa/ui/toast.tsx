import { Suspense, lazy, useSyncExternalStore } from 'react'

// One toast at a time (spec part 1 §9): a new toast replaces the one on screen.
export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' }
export type ShownToast = ToastInput & { id: number }

let current: ShownToast | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

export function toast(input: ToastInput): void {
  current = { ...input, id: nextId++ }
  emit()
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null
    emit()
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// The Radix toast code loads with the first toast, not with the first page.
const ToastView = lazy(() => import('./toast-view').then((module) => ({ default: module.ToastView })))
let everShown = false

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current, () => null)
  if (shown) everShown = true
  if (!everShown) return null
  return (
    <Suspense fallback={null}>
      <ToastView shown={shown} />
    </Suspense>
  )
}
