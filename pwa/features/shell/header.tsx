import { Link, useLocation } from '@tanstack/react-router';
import type { User } from '../../lib/contract.ts';
import { useAuth, type AuthState } from '../../lib/current-user.ts';
import { useUnreadMessages } from '../../lib/queries/unread-messages.queries.ts';
import { buttonClass } from '../../ui/button.tsx';
import { deferred } from '../../ui/deferred.tsx';
import { Avatar } from './avatar.tsx';
import { NAV_ITEMS, type NavItem } from './nav-items.ts';
import { OfflineBar } from '../../offline/offline-bar.tsx';
import { useT } from '../../i18n/i18n.ts';

// Menus load on first use (see ui/deferred.tsx); the placeholders look and label the same.
const MainMenu = deferred<{ items: NavItem[]; pathname: string }>(() =>
  import('./main-menu.tsx').then((module) => module.MainMenu),
);
const LanguageMenu = deferred<object>(() => import('./language-menu.tsx').then((module) => module.LanguageMenu));
const UserMenu = deferred<{ user: User }>(() => import('./user-menu.tsx').then((module) => module.UserMenu));
const MobilePanel = deferred<{ items: NavItem[]; auth: AuthState; pathname: string }>(() =>
  import('./mobile-panel.tsx').then((module) => module.MobilePanel),
);

type Launch = (activate: () => void, preload: () => void) => React.ReactNode;
const launcher = (
  label: string | undefined,
  className: string,
  children: React.ReactNode,
  popup: 'menu' | 'dialog' = 'menu',
): Launch =>
  function placeholder(activate, preload) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup={popup}
        aria-expanded="false"
        className={className}
        onClick={activate}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        {children}
      </button>
    );
  };

export function Header() {
  const auth = useAuth();
  const pathname = useLocation({ select: (location) => location.pathname });
  const { t, language } = useT();
  const items = NAV_ITEMS.filter((item) => !item.signedInOnly || auth.status === 'authenticated');
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-teal-800" aria-label={t('shell.home')}>
          <Logo />
          <span>Efie</span>
        </Link>
        <nav aria-label={t('shell.mainNav')} className="ml-4 hidden md:block">
          <MainMenu
            items={items}
            pathname={pathname}
            placeholder={launcher(
              undefined,
              'rounded-md px-3 py-2 text-sm font-medium hover:bg-stone-100',
              t('shell.menuButton'),
            )}
          />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          {auth.status === 'authenticated' && <MessagesLink />}
          <LanguageMenu
            placeholder={launcher(
              t('shell.language'),
              'rounded-md px-2 py-2 text-sm font-medium hover:bg-stone-100',
              language.code.toUpperCase(),
            )}
          />
          <div className="hidden items-center gap-2 md:flex">
            {auth.status === 'authenticated' && (
              <UserMenu
                user={auth.user}
                placeholder={launcher(
                  t('shell.openUserMenu'),
                  'rounded-full focus-visible:outline-2 focus-visible:outline-teal-700',
                  <Avatar user={auth.user} />,
                )}
              />
            )}
            {auth.status === 'unauthenticated' && (
              <>
                <Link to="/login" className={buttonClass('ghost')}>
                  {t('shell.signIn')}
                </Link>
                <Link to="/register" className={buttonClass('primary')}>
                  {t('shell.signUp')}
                </Link>
              </>
            )}
          </div>
          <div className="md:hidden">
            <MobilePanel
              items={items}
              auth={auth}
              pathname={pathname}
              placeholder={launcher(t('shell.openMenu'), 'rounded-md p-2 hover:bg-stone-100', <MenuIcon />, 'dialog')}
            />
          </div>
        </div>
      </div>
      <OfflineBar />
    </header>
  );
}

/** The inbox, with the unread count on it (issue 34): asked again on focus and each minute, no more. */
function MessagesLink() {
  const unread = useUnreadMessages(true).data?.unread ?? 0;
  const { t } = useT();
  return (
    <Link
      to="/messages"
      aria-label={unread > 0 ? t('shell.messagesUnread', { count: unread }) : t('shell.messages')}
      className="relative rounded-md p-2 hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 5h16v11H8l-4 4z" />
      </svg>
      {unread > 0 && (
        <span className="absolute right-0 top-0 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

export function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path d="M8 16l8-7 8 7v8h-5v-5h-6v5H8z" fill="#fff" />
    </svg>
  );
}
