import type { ServiceProviderEvent } from '../../events/service-provider/service-provider.decider.ts';
import type { SqlClient } from '../../events/store/sql.ts';
import type { NewMessage } from '../outbox/outbox.ts';
import { userText } from '../outbox/user-text.ts';

type Application = { businessName: string; email: string };

/**
 * Whether the application's e-mail is an address its applicant proved (their account's
 * verified e-mail). Anyone can type any address on an application, so otherwise the reader
 * may be a stranger, and the message must carry no words the applicant chose.
 */
export async function applicantProvedAddress(tx: SqlClient, applicantId: string, email: string): Promise<boolean> {
  const rows = await tx.query('select 1 from users where id = $1 and email = $2 and email_verified', [
    applicantId,
    email.toLowerCase(),
  ]);
  return rows.length > 0;
}

/**
 * What the applicant is told when an admin decides (spec part 2 §2), at the
 * application's e-mail: the address the business gave for Efie to reach it.
 * Registration itself sends nothing; the screen says what happens next.
 * The business's name appears only when the applicant proved the address
 * (`proven`), and then defanged (api/outbox/user-text.ts): a name such as
 * "URGENT: verify your bank at http://evil.example" is no link and reaches no stranger.
 */
export function providerDecisionMessage(
  event: ServiceProviderEvent,
  app: Application,
  origin: string,
  { proven }: { proven: boolean },
): NewMessage | undefined {
  const name = proven ? userText(app.businessName) : undefined;
  const email = (subject: string, text: string): NewMessage => ({ channel: 'email', to: app.email, subject, text });
  const notYou = proven
    ? ''
    : '\nIf you did not apply to Efie, someone gave this address by mistake: you can ignore this e-mail.';
  switch (event.type) {
    case 'ServiceProviderApproved':
    case 'ServiceProviderReapproved':
      return email(
        name ? `${name} is approved on Efie` : 'Your business is approved on Efie',
        `Good news: we approved ${name ?? 'the business that gave this e-mail address on its application'}. ` +
          `It now shows in the Efie service directory with a Verified badge, ` +
          `so renters and owners who are signed in can find you and get in touch.\nSee it at ${origin}/services${notYou}`,
      );
    case 'ServiceProviderRejected':
      return email(
        name ? `Your Efie application for ${name}` : 'Your Efie service provider application',
        `We reviewed your application${name ? ` for ${name}` : ', which gave this e-mail address,'} and cannot approve it for now, ` +
          `so it does not show in the Efie service directory. ` +
          `If something was missing or has changed, write to us at ${origin}/support and we will look at it again.${notYou}`,
      );
    case 'ServiceProviderApprovalRevoked':
      return email(
        name ? `${name} is no longer listed on Efie` : 'Your business is no longer listed on Efie',
        `We have withdrawn the approval of ${name ?? 'the business that gave this e-mail address on its application'}, ` +
          `so it no longer shows in the Efie service directory. ` +
          `If you think this is a mistake, write to us at ${origin}/support.${notYou}`,
      );
    case 'ServiceProviderRegistered':
      return undefined;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
