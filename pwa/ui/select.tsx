import { useId } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { t, translateText } from '../i18n/i18n.ts';

export type Option = { value: string; label: string };

/** Radix Select with a visible label. Items never have an empty value (spec part 1 §5). */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  placeholder,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: Option[];
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled ?? false}>
        <RadixSelect.Trigger
          id={id}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          className="flex min-h-10 w-full items-center justify-between rounded-md border border-stone-300 bg-white px-3 py-2 text-left text-base aria-[invalid=true]:border-red-700 disabled:opacity-50"
        >
          <RadixSelect.Value placeholder={placeholder ?? t('common.select')} />
          <RadixSelect.Icon aria-hidden="true">▾</RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-stone-200 bg-white shadow-lg"
          >
            <RadixSelect.Viewport className="p-1">
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50 data-[state=checked]:font-semibold"
                >
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {error && <p className="text-sm text-red-700">{translateText(error)}</p>}
    </div>
  );
}
