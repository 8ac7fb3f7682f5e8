import type { ReactNode } from 'react';
import { Tabs } from 'radix-ui';

export const tabListClass = 'inline-flex w-full rounded-lg bg-stone-100 p-1';
export const tabTriggerClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-stone-700 data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow';

type Item = { value: string; label: ReactNode; content: ReactNode };

/** Tabs that switch a small part of a form (e.g. the Email or Phone field). */
export function SegmentedTabs({
  value,
  onValueChange,
  label,
  items,
}: {
  value: string;
  onValueChange: (value: string) => void;
  label: string;
  items: Item[];
}) {
  return (
    <Tabs.Root value={value} onValueChange={onValueChange} className="grid gap-3">
      <Tabs.List aria-label={label} className={tabListClass}>
        {items.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} className={tabTriggerClass}>
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Content key={item.value} value={item.value} tabIndex={-1}>
          {item.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
