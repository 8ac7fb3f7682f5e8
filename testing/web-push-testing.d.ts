// The parts of web-push-testing (a local push service that decrypts what it is sent) the tests use.
declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {
    notifyUrl: string;
    expireSubscription(clientHash: string): void;
  }
}
declare module 'web-push-testing/src/server.js' {
  import type { Server } from 'node:http';
  export default class WebPushTestingServer {
    constructor(model: unknown, port: number);
    startServer(): void;
    _server?: Server;
  }
}
