import type { ServiceProviderEvent } from '../../events/service-provider/service-provider.decider.ts';
import type { NewMessage } from '../outbox/outbox.ts';

type Application = { businessName: string; email: string };

/**
 * What the applicant is told when an admin decides (spec part 2 §2), at the
 * application's e-mail: the address the business gave for Efie to reach it.
 * Registration itself sends nothing; the screen says what happens next.
 */
export function providerDecisionMessage(event: ServiceProviderEvent, app: Application, origin: string): NewMessage | undefined {
  const name = app.businessName;
  const email = (subject: string, text: string): NewMessage => ({ channel: 'email', to: app.email, subject, text });
  switch (event.type) {
    case 'ServiceProviderApproved':
    case 'ServiceProviderReapproved':
      return email(
        `${name} is approved on Efie`,
        `Good news: we approved ${name}. It now shows in the Efie service directory with a Verified badge, ` +
          `so renters and owners who are signed in can find you and get in touch.\nSee it at ${origin}/services`,
      );
    case 'ServiceProviderRejected':
      return email(
        `Your Efie application for ${name}`,
        `We reviewed your application for ${name} and cannot approve it for now, so it does not show in the Efie service directory. ` +
          `If something was missing or has changed, write to us at ${origin}/support and we will look at it again.`,
      );
    case 'ServiceProviderApprovalRevoked':
      return email(
        `${name} is no longer listed on Efie`,
        `We have withdrawn the approval of ${name}, so it no longer shows in the Efie service directory. ` +
          `If you think this is a mistake, write to us at ${origin}/support.`,
      );
    case 'ServiceProviderRegistered':
      return undefined;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
