import { describe, expect, it } from 'vitest';
import type { DeliverySetup } from '../../lib/contract.ts';
import { nothingFailedText } from './delivery-setup-notice.tsx';

const setup = (email: DeliverySetup['email'], sms: DeliverySetup['sms']): DeliverySetup => ({
  email,
  sms,
  devOutbox: false,
});

describe('what an empty list of failed messages says', () => {
  it('names the channels that only record their messages', () => {
    expect(nothingFailedText(setup('smtp', 'twilio'))).toBe('Every message was delivered. Nothing has failed.');
    expect(nothingFailedText(setup('log', 'log'))).toBe(
      'Nothing has failed, but nothing was delivered either: no gateway is configured (see above).',
    );
    expect(nothingFailedText(setup('log', 'twilio'))).toBe(
      'Nothing has failed. E-mails are only recorded, not delivered (see above).',
    );
    expect(nothingFailedText(setup('smtp', 'log'))).toBe(
      'Nothing has failed. SMS are only recorded, not delivered (see above).',
    );
  });
});
