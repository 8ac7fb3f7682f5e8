import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unsentCount } from '../../offline/outbox-owner.ts';
import { listItems } from '../../offline/outbox-store.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { signOut } from './end-session.ts';
import { t, tn } from '../../i18n/i18n.ts';
import '../../i18n/en-menus.ts';

/**
 * Sign Out for the menus: straight away when nothing of this person's waits in the outbox;
 * otherwise first says how many changes are unsent and that they are kept for them.
 */
export function useSignOut(userId: string | null) {
  const queryClient = useQueryClient();
  const [unsent, setUnsent] = useState(0);

  const start = async () => {
    const count = unsentCount(await listItems().catch(() => []), userId);
    if (count === 0) return signOut(queryClient, userId);
    setUnsent(count);
  };

  const confirmation = (
    <ConfirmDialog
      open={unsent > 0}
      onOpenChange={(open) => !open && setUnsent(0)}
      title={t('shell.signOutTitle')}
      description={tn('shell.unsent', unsent)}
      confirmLabel={t('shell.signOutConfirm')}
      onConfirm={() => void signOut(queryClient, userId)}
    />
  );
  return { start: () => void start(), confirmation };
}
