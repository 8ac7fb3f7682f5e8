import { Hono, type Context } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import {
  LoginSchema,
  RegisterSchema,
  type LoginAnswer,
  type RegisterAnswer,
  type RegisterInput,
  type VerificationMethod,
} from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { clientAddress, clientLimitKey } from '../http/client-address.ts';
import { createRateLimiter } from '../limits/rate-limiter.ts';
import { clientKeyOf, registrationLimits, tooManyRegistrations } from '../limits/send-limits.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { accountRoutes } from './account.routes.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import { accountCommands, emailTaken, phoneTaken, sendVerificationCode } from './account-commands.ts';
import { isHashingBusy } from './password-queue.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { currentUser, requireUser } from './session.middleware.ts';
import { clearSessionCookie, createSessions, setSessionCookie } from './sessions.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { findUserById, findUserByIdentifier, passwordHashOf, toUser, type UserRow } from './users.read.ts';
import { verificationRoutes } from './verification.routes.ts';

/** The spec's screens send signed-out people to /api/login: the PWA's sign-in screen. */
export const signInRedirect = (c: Context) => c.redirect('/login', 302);

export const invalidCredentials = () =>
  new DomainError('unauthorized', 'invalid_credentials', 'Invalid email or password');
const accountSuspended = () =>
  new DomainError(
    'forbidden',
    'account_suspended',
    'This account is suspended after reports about its listings. Write to Efie support from the Contact page if you think this is a mistake.',
  );

/** /api/auth: every account call of the spec and the contract. */
export function authRoutes(deps: AppDeps) {
  const sessions = createSessions(deps.db, deps.clock);
  const limiter = createSignInLimiter(deps.db, deps.clock);
  const secure = deps.config.secureCookies;

  /** A new session for the account, replacing the caller's; answers the registration's body. */
  async function signIn(c: Context<AppEnv>, row: UserRow, status: 200 | 201) {
    if (c.var.sessionToken) await sessions.destroy(c.var.sessionToken);
    setSessionCookie(c, await sessions.create(row.id), secure);
    const method: VerificationMethod = row.email ? 'email' : 'phone';
    const answer: RegisterAnswer = {
      user: toUser(row),
      requiresVerification: !(row.email_verified || row.phone_verified),
      verificationMethod: method,
    };
    return c.json(answer, status);
  }

  /**
   * The same registration again (its key made this account): a lost answer,
   * or a request replayed by someone who captured it. It signs in only with
   * the account's password as it is now, checked as a sign-in; after a
   * password change or a reset the replay is refused and creates nothing.
   */
  async function signInRetriedRegistration(c: Context<AppEnv>, userId: string, input: RegisterInput) {
    const identifier = input.email ? `email:${input.email}` : `phone:${input.phone}`;
    const client = clientLimitKey(clientAddress(c));
    await limiter.begin(identifier, client);
    const row = await findUserById(deps.db, userId);
    const hash = await passwordHashOf(deps.db, userId);
    const ok = row !== undefined && hash !== undefined && (await deps.passwords.verify(input.password, hash));
    if (!row || !ok) {
      throw new DomainError(
        'conflict',
        'already_registered',
        'This account was already created. Sign in with its password.',
      );
    }
    await limiter.reset(identifier, client);
    return signIn(c, row, 201);
  }

  const app = new Hono<AppEnv>();
  // Its answers are about the signed-in person: `private, no-store`, as every personal API answer
  // (api/http/security-headers.ts).
  app
    .post('/register', validate('json', RegisterSchema), async (c) => {
      const input = c.req.valid('json');
      // With an Idempotency-Key the account's id comes from the key: a retry names the same account.
      const newId = newRecordId(c.var.idempotency, 'user');
      if (c.var.idempotency && (await findUserById(deps.db, newId))) return signInRetriedRegistration(c, newId, input);
      if (input.email && (await findUserByIdentifier(deps.db, { kind: 'email', value: input.email })))
        throw emailTaken();
      if (input.phone && (await findUserByIdentifier(deps.db, { kind: 'phone', value: input.phone })))
        throw phoneTaken();
      const client = clientKeyOf(c, deps.config.devOutbox);
      const limiter = createRateLimiter(deps.clock);
      // Checked before the costly hash too; counted below, with the account, where races cannot pass it.
      const refused = await limiter.check(deps.db, registrationLimits(client));
      if (refused) throw tooManyRegistrations(refused.retryAfterSeconds);
      const passwordHash = await deps.passwords.hash(input.password);
      const method = input.registrationMethod;
      await runCommand(
        deps.store,
        requestOrigin(c.var),
        accountCommands,
        newId,
        {
          type: 'RegisterUser',
          userId: newId,
          email: input.email,
          phone: input.phone,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: input.userType,
          businessName: input.businessName,
          passwordHash,
          at: deps.clock(),
        },
        {
          // In the append's transaction: past a limit on accounts per client or on codes, nothing is created.
          async alongside(tx) {
            await limiter.take(tx, registrationLimits(client), tooManyRegistrations);
            await sendVerificationCode(deps, newId, method, (method === 'email' ? input.email : input.phone)!, {
              client,
              tx,
            });
          },
        },
      );
      const row = await findUserById(deps.db, newId);
      if (!row) throw new Error(`user ${newId} missing from the read model after registration`);
      return signIn(c, row, 201);
    })

    .post('/login', validate('json', LoginSchema), async (c) => {
      const { identifier, password } = c.req.valid('json');
      const key = `${identifier.kind}:${identifier.value}`;
      // Counted per account and client address together, and per address: never the owner's lock-out.
      const client = clientLimitKey(clientAddress(c));
      await limiter.begin(key, client);
      const row = await findUserByIdentifier(deps.db, identifier);
      const hash = row ? await passwordHashOf(deps.db, row.id) : undefined;
      const ok = await (row && hash
        ? deps.passwords.verify(password, hash)
        : deps.passwords.verifyNothing(password)
      ).catch(async (error: unknown) => {
        // Too many hashes waiting (503): the password was never checked, so the attempt is not a failure.
        if (isHashingBusy(error)) await limiter.withdraw(key, client);
        throw error;
      });
      if (!row || !ok) throw invalidCredentials();
      await limiter.reset(key, client);
      // Told only to whoever knows the password: the refusal says nothing to a stranger.
      if (row.suspended_at) throw accountSuspended();
      const previous = c.var.sessionToken;
      if (previous) await sessions.destroy(previous);
      setSessionCookie(c, await sessions.create(row.id), secure);
      const answer: LoginAnswer = { user: toUser(row) };
      return c.json(answer);
    })

    .post('/logout', async (c) => {
      const token = c.var.sessionToken;
      if (token) await sessions.destroy(token);
      clearSessionCookie(c, secure);
      return c.json({ message: 'Signed out' });
    })

    .get('/user', requireUser, (c) => c.json(currentUser(c)));

  app.route('/', accountRoutes(deps));
  app.route('/', verificationRoutes(deps));
  app.route('/', passwordResetRoutes(deps));
  return app;
}
