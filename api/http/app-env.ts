import type { User } from '../contract/auth.schema.ts';
import type { Logger } from '../logger.ts';
import type { HopTrust } from './client-address.ts';

/** Per-request values set by middleware. Resource modules extend Variables through their own middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    /** The client's IP address by TRUST_PROXY (api/http/client-address.ts), "unknown" without a connection. */
    clientAddress: string | undefined;
    /** Whom to trust for the client's address (TRUST_PROXY), set for every request by clientAddresses. */
    trustedHops: HopTrust;
    log: Logger;
    /** Set when the request carries an Idempotency-Key; handlers pass it to the event store. */
    idempotency: { key: string; requestHash: string } | undefined;
    /** The signed-in user (api/auth/session.middleware.ts), null when signed out. */
    user: User | null;
    /** The session cookie's token when it names a live session (for sign-out). */
    sessionToken: string | undefined;
  };
};
