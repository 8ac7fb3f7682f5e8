import type { Property } from '../../lib/contract.ts';
import { buttonClass } from '../../ui/button.tsx';
import { deferred } from '../../ui/deferred.tsx';
import { useT } from '../../i18n/i18n.ts';
import { enListing } from '../../i18n/en-listing.ts';

// The composer's code (and the conversations' words) load on the first tap (ui/deferred.tsx),
// outside the listing page's download; the button before it looks and reads the same.
const MessageHostComposer = deferred<{ property: Property }>(() =>
  import('./message-host.tsx').then((module) => module.MessageHost),
);

export function LazyMessageHost({ property }: { property: Property }) {
  const { t } = useT(enListing);
  return (
    <MessageHostComposer
      property={property}
      placeholder={(activate, preload) => (
        <button
          type="button"
          className={buttonClass('secondary', 'w-full')}
          onClick={activate}
          onPointerEnter={preload}
          onFocus={preload}
          onTouchStart={preload}
        >
          {t('listing.messageHost')}
        </button>
      )}
    />
  );
}
