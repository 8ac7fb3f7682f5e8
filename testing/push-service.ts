import { createServer } from 'node:net';
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
import WebPushTestingServer from 'web-push-testing/src/server.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };

/**
 * A local push service (the web-push-testing package) for tests: browsers' subscriptions are made
 * here, it checks and decrypts what the server sends (RFC 8291), and says what each one received.
 */
export async function startPushService() {
  const port = await freePort();
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, port);
  // By address, as the free port was found: "localhost" may name ::1, where another process may
  // hold the same port number.
  const origin = `http://127.0.0.1:${port}`;
  model.notifyUrl = `${origin}/notify/`;
  server.startServer();
  const post = (path: string, body: object) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  // Listening once it answers its status.
  for (let tries = 0; ; tries++) {
    const up = await post('/status', {}).then(
      (res) => res.status === 200,
      () => false,
    );
    if (up) break;
    if (tries > 200) throw new Error('the local push service did not start');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    origin,
    async subscribe(applicationServerKey: string): Promise<PushSubscriptionJson> {
      // It takes the flag as the text a form would send.
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return ((await res.json()) as { data: PushSubscriptionJson }).data;
    },
    /** What a subscription received, decrypted. */
    async received(clientHash: string): Promise<string[]> {
      const res = await post('/get-notifications', { clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    /** The browser unsubscribed: the service answers 410 from now on. */
    expire(clientHash: string): void {
      // On the model: its HTTP route never answers a success.
      model.expireSubscription(clientHash);
    },
    stop: () => new Promise<void>((resolve) => (server._server ? server._server.close(() => resolve()) : resolve())),
  };
}
