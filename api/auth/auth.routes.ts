import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import { userIdOfStream } from '../../events/user/users.projection.ts';
import type { AppDeps } from '../app.ts';
import { LoginSchema, RegisterSchema, type LoginAnswer, type RegisterAnswer } from '../contract/auth.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { validate } from '../middleware/validate.ts';
import { accountRoutes } from './account.routes.ts';
import { emailTaken, phoneTaken, runUserCommand, sendVerificationCode } from './account-commands.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { currentUser, requireUser } from './session.middleware.ts';
import { clearSessionCookie, createSessions, setSessionCookie } from './sessions.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';
import { findUserById, findUserByIdentifier, passwordHashOf, toUser } from './users.read.ts';
import { verificationRoutes } from './verification.routes.ts';

/** The spec's screens send signed-out people to /api/login: the PWA's sign-in screen. */
export const signInRedirect = (c: Context) => c.redirect('/login', 302);

export const invalidCredentials = () => new DomainError('unauthorized', 'invalid_credentials', 'Invalid email or password');

/** /api/auth: every account call of the spec and the contract. */
export function authRoutes(deps: AppDeps) {
  const sessions = createSessions(deps.db, deps.clock);
  const limiter = createSignInLimiter(deps.db, deps.clock);
  const secure = deps.config.production;

  const app = new Hono<AppEnv>();
  // Answers about the signed-in person must never sit in a shared or service-worker cache.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  app
    .post('/register', validate('json', RegisterSchema), async (c) => {
      const input = c.req.valid('json');
      // A retry of a registration that was made (same Idempotency-Key and body) is not "taken":
      // its append replays below and the caller gets the account and a new session.
      const retried = c.var.idempotency && (await deps.store.priorResult(c.var.idempotency));
      if (!retried && input.email && (await findUserByIdentifier(deps.db, { kind: 'email', value: input.email }))) throw emailTaken();
      if (!retried && input.phone && (await findUserByIdentifier(deps.db, { kind: 'phone', value: input.phone }))) throw phoneTaken();
      const passwordHash = await deps.passwords.hash(input.password);
      const newId = randomUUID();
      const result = await runUserCommand(
        deps,
        c,
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
        { actorId: newId },
      );
      const userId = userIdOfStream(result.streamId);
      const row = await findUserById(deps.db, userId);
      if (!row) throw new Error(`user ${userId} missing from the read model after registration`);
      const method = input.registrationMethod;
      if (!result.replayed) await sendVerificationCode(deps, userId, method, method === 'email' ? row.email! : row.phone!);
      if (c.var.sessionToken) await sessions.destroy(c.var.sessionToken);
      setSessionCookie(c, await sessions.create(userId), secure);
      const answer: RegisterAnswer = { user: toUser(row), requiresVerification: true, verificationMethod: method };
      return c.json(answer, 201);
    })

    .post('/login', validate('json', LoginSchema), async (c) => {
      const { identifier, password } = c.req.valid('json');
      const key = `${identifier.kind}:${identifier.value}`;
      await limiter.begin(key);
      const row = await findUserByIdentifier(deps.db, identifier);
      const hash = row ? await passwordHashOf(deps.db, row.id) : undefined;
      const ok = row && hash ? await deps.passwords.verify(password, hash) : await deps.passwords.verifyNothing(password);
      if (!row || !ok) throw invalidCredentials();
      await limiter.reset(key);
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
