import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Renders a light placeholder button until the person first uses it, then loads the real
 * (Radix) component and opens it. Keeps menu and panel code out of the first download on
 * slow, costly mobile data (the 150 KB first-load budget).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>) {
  let promise: Promise<{ default: ComponentType<P & { defaultOpen?: boolean }> }> | null = null;
  const start = () => (promise ??= load().then((component) => ({ default: component })));
  const Real = lazy(start);

  // biome-ignore lint/correctness/noComponentHookFactories: one component per lazily loaded menu, made once at module level (header.tsx), never during a render.
  return function Deferred({
    placeholder,
    ...props
  }: P & { placeholder: (activate: () => void, preload: () => void) => ReactNode }) {
    const [active, setActive] = useState(false);
    const fallback = placeholder(
      () => undefined,
      () => undefined,
    );
    if (!active)
      return (
        <>
          {placeholder(
            () => setActive(true),
            () => void start(),
          )}
        </>
      );
    return (
      <Suspense fallback={fallback}>
        <Real {...(props as unknown as P)} defaultOpen />
      </Suspense>
    );
  };
}
