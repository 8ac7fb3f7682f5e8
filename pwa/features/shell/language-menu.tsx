import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { LANGUAGES } from './nav-items.ts';

/** Choosing a language has no visible effect yet (spec part 1 §2); the choice is only remembered. */
export function LanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [language, setLanguage] = useState('en');
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger
        aria-label="Language"
        className="rounded-md px-2 py-2 text-sm font-medium hover:bg-stone-100"
      >
        EN
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.RadioGroup value={language} onValueChange={setLanguage}>
            {LANGUAGES.map((item) => (
              <DropdownMenu.RadioItem
                key={item.code}
                value={item.code}
                className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50 data-[state=checked]:font-semibold"
              >
                {item.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
