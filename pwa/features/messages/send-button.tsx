import { buttonClass } from '../../ui/button.tsx';
import { t } from '../../i18n/i18n.ts';

/** 'Send Message', or 'Sending...' with a spinner, disabled, while it is sent. */
export function SendButton({ sending }: { sending: boolean }) {
  return (
    <button type="submit" disabled={sending} aria-busy={sending} className={buttonClass('primary', 'w-full')}>
      {sending && (
        <span
          aria-hidden="true"
          data-testid="send-spinner"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {sending ? t('messages.sending') : t('messages.send')}
    </button>
  );
}
