import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; user: string | undefined; mail: ParsedMail; raw: string };

/** What the server says to a message's RCPT TO: nothing (take it) or an SMTP error reply. */
export type RcptReply = { code: number; text: string } | undefined;

/**
 * A real SMTP server in the test process (smtp-server), on a free port of
 * 127.0.0.1, plain text with AUTH PLAIN/LOGIN allowed (no STARTTLS, as a
 * local relay). `onRcpt` decides each recipient's answer; every message it
 * took is parsed with mailparser and kept in `received`.
 */
export async function startSmtpTestServer({
  onRcpt = () => undefined,
}: {
  onRcpt?: (to: string, attempt: number) => RcptReply;
} = {}) {
  const received: ReceivedMail[] = [];
  let rcptAttempts = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: `${auth.username}:${auth.password}` });
    },
    onRcptTo(address, _session, callback) {
      rcptAttempts += 1;
      const reply = onRcpt(address.address, rcptAttempts);
      if (!reply) return callback();
      const error = Object.assign(new Error(reply.text), { responseCode: reply.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              user: typeof session.user === 'string' ? session.user : undefined,
              mail,
              raw,
            });
            callback(null, `Queued as test-${received.length}`);
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    rcptAttempts: () => rcptAttempts,
    url: (credentials = 'efie:mail-secret') => `smtp://${credentials}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
