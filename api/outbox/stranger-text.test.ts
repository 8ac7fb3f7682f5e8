import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { createMessageSender } from '../runtime.ts';
import { createAdmin, registerUser, registerVerifiedUser } from '../../testing/accounts.ts';
import { registerProvider, setStatus } from '../../testing/service-providers.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { createClient, createTestApp, TEST_ORIGIN } from '../../testing/test-app.ts';
import { useMigratedDatabase } from '../../testing/use-test-database.ts';
import { drainOutbox } from './outbox.worker.ts';

const database = useMigratedDatabase();
let smtp: SmtpTestServer | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const PHISH = 'URGENT: verify your bank at http://evil.example/login';

/** The app with e-mail going out through the real SMTP sender (as `npm start` wires it) to a test server. */
async function setup() {
  smtp = await startSmtpTestServer();
  const { app, deps } = await createTestApp(database(), { config: { supportEmail: 'team@efie.example' } });
  const { sender } = createMessageSender(
    { ...deps.config, smtp: { url: smtp.url(), from: 'Efie <no-reply@efie.app>' } },
    silentLogger,
  );
  const deliver = async (to: string) => {
    await drainOutbox(deps.db, sender, deps.clock);
    const mails = smtp!.received.filter((m) => m.to.includes(to));
    expect(mails.length, `mail to ${to}`).toBeGreaterThan(0);
    return mails.map(({ mail }) => ({
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
    }));
  };
  return { app, deps, deliver };
}

/** Every href in an HTML part. */
const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

describe('our e-mails say only what we wrote', () => {
  it('sends a rejection to an unproven address without the business name the applicant typed, and without its link', async () => {
    const { app, deps, deliver } = await setup();
    const applicant = createClient(app);
    await registerUser(applicant);
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const p = await registerProvider(applicant, { businessName: PHISH, email: 'victim@example.com' });
    await setStatus(admin, p.id, 'rejected');
    const [mail] = await deliver('victim@example.com');
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toMatch(/URGENT|verify your bank|evil/i);
    }
    expect(mail!.text).toContain('cannot approve it for now');
    expect(links(mail!.html).length).toBeGreaterThan(0);
    for (const href of links(mail!.html)) expect(href.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  });

  it("names the business to the applicant's own proven address, as text that is no link", async () => {
    const { app, deps, deliver } = await setup();
    const applicant = createClient(app);
    const { email } = await registerVerifiedUser(app, applicant);
    const admin = createClient(app);
    await createAdmin(deps, admin);
    const p = await registerProvider(applicant, { businessName: PHISH, email: email!.toUpperCase() });
    await setStatus(admin, p.id, 'approved');
    const mails = await deliver(email!);
    const approved = mails.find((m) => m.subject.includes('approved'))!;
    expect(approved.subject).toBe('URGENT: verify your bank at hxxp://evil[.]example/login is approved on Efie');
    expect(approved.text).toContain('we approved URGENT: verify your bank at hxxp://evil[.]example/login.');
    expect(approved.text).not.toContain('http://evil');
    expect(approved.text).not.toContain('evil.example');
    for (const href of links(approved.html)) expect(href.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  });

  it('passes a contact message to the team with its URLs as text, never as links', async () => {
    const { app, deliver } = await setup();
    const res = await createClient(app).request('/api/contact/message', {
      method: 'POST',
      json: {
        firstName: 'Kofi',
        lastName: 'Owusu',
        email: 'kofi@example.com',
        contactMethod: 'email',
        userType: 'landlord',
        subject: 'See www.evil.example',
        message: `Hello,\n${PHISH}\nThanks`,
      },
    });
    expect(res.status).toBe(201);
    const [team] = await deliver('team@efie.example');
    expect(team!.text).toContain('URGENT: verify your bank at hxxp://evil[.]example/login');
    expect(team!.subject).toContain('See www[.]evil[.]example');
    for (const part of [team!.subject, team!.text, team!.html]) {
      expect(part).not.toContain('http://evil');
      expect(part).not.toContain('evil.example');
    }
    expect(links(team!.html)).toEqual([]);
  });
});
