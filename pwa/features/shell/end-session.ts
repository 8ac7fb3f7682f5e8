import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/current-user.ts';
import { forgetPersistedCache } from '../../offline/persist-cache.ts';
import { registerBackgroundSync } from '../../offline/outbox-runtime.ts';
import { endPendingSignOut, postLogout, recordSignOut } from '../../offline/session-store.ts';
import { signOutWith } from './sign-out.ts';

// Sign-out's steps (sign-out.ts) bound to this app: the query client, IndexedDB, the service
// worker, the other tabs (a BroadcastChannel), the address bar.

const CHANNEL = 'efie-session';

function forgetOnScreen(queryClient: QueryClient) {
  queryClient.clear();
  // Nobody is signed in: said at once, not asked of a server that may be out of reach.
  queryClient.setQueryData(currentUserQuery().queryKey, null);
}

const leave = () => window.location.assign('/');

export function signOut(queryClient: QueryClient, userId: string | null): Promise<void> {
  return signOutWith({
    record: () => recordSignOut(userId).then(() => true),
    forgetOnScreen: () => forgetOnScreen(queryClient),
    forgetSaved: forgetPersistedCache,
    tellOtherTabs: () => {
      if (typeof BroadcastChannel === 'undefined') return;
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage({ type: 'signed-out' });
      channel.close();
    },
    endOnServer: async (recorded) => {
      if (recorded) return void (await endPendingSignOut());
      // Nothing could be recorded on this device (no IndexedDB): one try now is all there is.
      const answer = await postLogout();
      if (answer.status === null) throw new Error('logout: no connection');
    },
    endLater: registerBackgroundSync,
    leave,
  });
}

/** Another tab signed out: this one forgets what it shows, and starts afresh. */
export function followSignOutsElsewhere(queryClient: QueryClient) {
  if (typeof BroadcastChannel === 'undefined') return;
  new BroadcastChannel(CHANNEL).onmessage = (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type !== 'signed-out') return;
    forgetOnScreen(queryClient);
    leave();
  };
}
