import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { displayName, type AuthState } from '../../lib/current-user.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Avatar } from './avatar.tsx';
import { isActive, type NavItem } from './nav-items.ts';
import { useSignOut } from './use-sign-out.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enMenus } from '../../i18n/en-menus.ts';

const LINK = 'block rounded-md px-3 py-3 text-base hover:bg-stone-100';

/** The small-screen menu: a right-side panel with the same items; it closes after a choice. */
export function MobilePanel({
  items,
  auth,
  pathname,
  defaultOpen = false,
}: {
  items: NavItem[];
  auth: AuthState;
  pathname: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const signOut = useSignOut(auth.status === 'authenticated' ? auth.user.id : null);
  const close = () => setOpen(false);
  const { t } = useT(enMenus);
  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger aria-label={t('shell.openMenu')} className="rounded-md p-2 hover:bg-stone-100">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl">
            <div className="flex items-center justify-between">
              <Dialog.Title className="text-lg font-semibold">{t('shell.menu')}</Dialog.Title>
              <Dialog.Close
                aria-label={t('shell.closeMenu')}
                className="rounded-md px-2 py-1 text-2xl leading-none hover:bg-stone-100"
              >
                ×
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{t('shell.siteNavigation')}</Dialog.Description>
            {auth.status === 'authenticated' && (
              <div className="flex items-center gap-3 rounded-lg bg-stone-100 p-3">
                <Avatar user={auth.user} size="size-10" />
                <div className="min-w-0">
                  <p className="font-semibold">{displayName(auth.user)}</p>
                  {auth.user.email && <p className="truncate text-sm text-stone-700">{auth.user.email}</p>}
                </div>
              </div>
            )}
            <nav aria-label={t('shell.mobileNav')}>
              {items.map((item) => (
                <Link
                  key={item.label}
                  to={item.to}
                  search={item.search ?? {}}
                  onClick={close}
                  className={`${LINK} ${isActive(item, pathname) ? 'bg-teal-50 font-semibold text-teal-800' : ''}`}
                >
                  {t(item.label)}
                </Link>
              ))}
            </nav>
            <hr className="border-stone-200" />
            {auth.status === 'authenticated' ? (
              <>
                <Link to="/dashboard" onClick={close} className={LINK}>
                  {t('shell.dashboard')}
                </Link>
                <Link to="/search" search={{ saved: true }} onClick={close} className={LINK}>
                  {t('shell.savedProperties')}
                </Link>
                <Link to="/account-settings" onClick={close} className={LINK}>
                  {t('shell.accountSettings')}
                </Link>
                {auth.user.isAdmin && (
                  <Link to="/admin/image-approval" onClick={close} className={LINK}>
                    {t('shell.adminPanel')}
                  </Link>
                )}
                <button
                  type="button"
                  className={`${LINK} text-left text-red-700`}
                  onClick={() => {
                    close();
                    signOut.start();
                  }}
                >
                  {t('shell.signOut')}
                </button>
              </>
            ) : (
              <Link to="/login" onClick={close} className={buttonClass('primary', 'w-full')}>
                {t('shell.signIn')}
              </Link>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {/* Outside the panel, which closes when Sign Out is chosen. */}
      {signOut.confirmation}
    </>
  );
}
