import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError, inputClass } from './field.tsx';

const SMALL_SCREEN = '(max-width: 639px)';

export type ComboboxOption = {
  value: string;
  label: string;
  /** Shown after the label, quieter. */
  detail?: string;
};

/**
 * A text field that suggests from a list as one types (ARIA 1.2 combobox: the input keeps focus,
 * the highlighted option is named by aria-activedescendant). ↑/↓ move, Enter picks, Escape closes;
 * a click or tap picks. Options are computed by the caller from the text, so a list can be loaded late.
 * No inline styles: the CSP forbids them.
 */
export function ComboboxField({
  label,
  value,
  onValueChange,
  options,
  onPick,
  placeholder,
  error,
  hint,
  emptyText,
  onCommit,
}: {
  label: string;
  /** The text in the field. */
  value: string;
  onValueChange: (text: string) => void;
  /** The suggestions for `value`, best first. */
  options: readonly ComboboxOption[];
  onPick: (option: ComboboxOption) => void;
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Said in the list when nothing matches (no list when absent). */
  emptyText?: string;
  /** Called when the field loses focus: the place to tidy what was typed. */
  onCommit?: () => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const showEmpty = options.length === 0 && emptyText !== undefined && value.trim() !== '';
  const expanded = open && (options.length > 0 || showEmpty);
  const activeOption = expanded && active >= 0 ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (option: ComboboxOption) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (options.length === 0 ? -1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      pick(activeOption);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClass} scroll-mt-24`}
          value={value}
          placeholder={placeholder}
          onChange={(event) => {
            onValueChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(event) => {
            setOpen(true);
            // On a phone the keyboard takes half the screen: the field goes to the top (below the
            // header, scroll-mt) so its suggestions show under it.
            if (window.matchMedia(SMALL_SCREEN).matches) event.currentTarget.scrollIntoView({ block: 'start' });
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onCommit?.();
          }}
          onKeyDown={onKeyDown}
        />
        <div
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-stone-200 bg-white p-1 shadow-lg"
        >
          <div id={listId} role="listbox" aria-label={label.replace(/\s*\*$/, '')}>
            {options.map((option, index) => (
              // The input keeps the focus (aria-activedescendant): mousedown must not take it, or the list closes first.
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys for the list
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-label={option.detail ? `${option.label}, ${option.detail}` : option.label}
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                className="flex min-h-10 cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-sm aria-selected:bg-teal-50 hover:bg-stone-100"
              >
                <span className="font-medium text-stone-900">{option.label}</span>
                {option.detail && <span className="text-xs text-stone-600">{option.detail}</span>}
              </div>
            ))}
          </div>
          {showEmpty && <p className="px-3 py-2 text-sm text-stone-700">{emptyText}</p>}
        </div>
      </div>
      {hint && (
        <div id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
