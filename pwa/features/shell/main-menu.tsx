import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { isActive, type NavItem } from './nav-items.ts';
import { useT } from '../../i18n/i18n.ts';
import { enMenus } from '../../i18n/en-menus.ts';

export function MainMenu({
  items,
  pathname,
  defaultOpen = false,
}: {
  items: NavItem[];
  pathname: string;
  defaultOpen?: boolean;
}) {
  const { t } = useT(enMenus);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger className={MENU_TRIGGER}>{t('shell.menuButton')}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.label} asChild>
              <Link
                to={item.to}
                search={item.search ?? {}}
                className={`block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50 ${isActive(item, pathname) ? 'bg-teal-50 font-semibold text-teal-800' : ''}`}
              >
                {t(item.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export const MENU_TRIGGER = 'rounded-md px-3 py-2 text-sm font-medium hover:bg-stone-100';
