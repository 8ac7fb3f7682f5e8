import { DropdownMenu } from 'radix-ui';
import { isAvailable, LANGUAGES, languageOf } from '../../i18n/languages.ts';
import { setLanguage, useT } from '../../i18n/i18n.ts';
import { enMenus } from '../../i18n/en-menus.ts';

/**
 * The header's language control (spec part 1 §2 lists five languages). A language with a catalog
 * switches the whole app and is remembered; the others are shown, disabled, as coming soon (ADR 360).
 */
export function LanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, language } = useT(enMenus);
  const choose = (code: string) => {
    const chosen = languageOf(code);
    if (chosen) void setLanguage(chosen);
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('shell.language')}
        className="rounded-md px-2 py-2 text-sm font-medium hover:bg-stone-100"
      >
        {language.code.toUpperCase()}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-40 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.RadioGroup value={language.code} onValueChange={choose}>
            {LANGUAGES.map((item) => {
              const available = isAvailable(item);
              return (
                <DropdownMenu.RadioItem
                  key={item.code}
                  value={item.code}
                  lang={item.code}
                  disabled={!available}
                  className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-stone-500 data-[highlighted]:bg-teal-50 data-[state=checked]:font-semibold"
                >
                  {item.label}
                  {!available && <span className="ml-1 text-xs">{t('shell.languageSoon')}</span>}
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
