import { Link } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import type { User } from '../../lib/contract.ts';
import { displayName } from '../../lib/current-user.ts';
import { Avatar } from './avatar.tsx';
import { useSignOut } from './use-sign-out.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enMenus } from '../../i18n/en-menus.ts';

const ITEM = 'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-teal-50';

export function UserMenu({ user, defaultOpen = false }: { user: User; defaultOpen?: boolean }) {
  const signOut = useSignOut(user.id);
  const { t } = useT(enMenus);
  return (
    <>
      <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('shell.openUserMenu')}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          <Avatar user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 w-64 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-3 py-2">
              <p className="text-sm font-semibold">{displayName(user)}</p>
              {user.email && <p className="truncate text-xs text-stone-700">{user.email}</p>}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/dashboard">{t('shell.dashboard')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/search" search={{ saved: true }}>
                {t('shell.savedProperties')}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/list-property">{t('shell.listProperty')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/account-settings">{t('shell.accountSettings')}</Link>
            </DropdownMenu.Item>
            {user.isAdmin && (
              <DropdownMenu.Item asChild className={ITEM}>
                <Link to="/admin/image-approval">{t('shell.adminPanel')}</Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-stone-200" />
            <DropdownMenu.Item className={`${ITEM} text-red-700`} onSelect={signOut.start}>
              {t('shell.signOut')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {signOut.confirmation}
    </>
  );
}
