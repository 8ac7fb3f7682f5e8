import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TEST_AUTH_TOKEN = 'twilio-test-token-secret';

export type GatewayRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
};
/** What the gateway does with a request: answer it, or never answer (a gateway that hangs). */
export type GatewayReply = { status: number; body: unknown } | 'hang';

/** Twilio's 201 for a new message. */
export const created = (form: URLSearchParams): GatewayReply => ({
  status: 201,
  body: {
    sid: `SM${randomBytes(16).toString('hex')}`,
    status: 'queued',
    to: form.get('To'),
    from: form.get('From'),
    body: form.get('Body'),
  },
});

/** Twilio's 400 for a number it cannot send to. */
export const invalidNumber: GatewayReply = {
  status: 400,
  body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/**
 * A local node:http server answering like Twilio's Messages API. `reply`
 * decides each answer (201 by default); every request is kept in `requests`.
 */
export async function startSmsTestGateway({
  reply = created,
}: {
  reply?: (form: URLSearchParams, attempt: number) => GatewayReply;
} = {}) {
  const requests: GatewayRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((text) => {
      const form = new URLSearchParams(text);
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form,
      });
      const answer = reply(form, requests.length);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    requests,
    /** The environment that points Efie at this gateway. */
    env: {
      SMS_API_BASE_URL: baseUrl,
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      SMS_FROM: '+15005550006',
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type SmsTestGateway = Awaited<ReturnType<typeof startSmsTestGateway>>;
