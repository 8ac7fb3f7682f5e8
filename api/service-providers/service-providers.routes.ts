import { Hono } from 'hono';
import { PROVIDER_ERRORS, type ServiceProviderState } from '../../events/service-provider/service-provider.decider.ts';
import type { ProviderDetails } from '../../events/service-provider/service-provider.events.ts';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { currentUser, requireAdmin, requireUser } from '../auth/session.middleware.ts';
import {
  ADMIN_PROVIDER_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  ProviderListQuerySchema,
  ProviderStatusSchema,
  RegisterProviderSchema,
  type ProviderPage,
  type ProviderStatus,
  type ProviderStatusAnswer,
} from '../contract/service-providers.schema.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import type { AppEnv } from '../http/app-env.ts';
import { newRecordId } from '../middleware/idempotency.ts';
import { validate } from '../middleware/validate.ts';
import { decisionMessages, providerCommands } from './provider-commands.ts';
import { applicantProvedAddress, providerDecisionMessage } from './provider-messages.ts';
import {
  countByStatus,
  findProvider,
  hasPendingApplication,
  listProviders,
  toProvider,
} from './service-providers.read.ts';

const directoryOnly = () =>
  new DomainError('forbidden', 'forbidden', 'Only approved providers are listed for you; ask with status=approved.');

const STATUS_MESSAGES: Record<ProviderStatus, string> = {
  approved: 'Service provider approved. They now show in the directory.',
  rejected: 'Service provider rejected. They do not show in the directory.',
  pending: 'Service provider is pending review.',
};

/**
 * Home-maintenance service providers (spec part 2 §2, §7). Registering needs
 * an account; the directory (approved providers) any signed-in person; every
 * other list and every status change an admin.
 */
export function serviceProvidersRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock' | 'outbox' | 'config'>) {
  const { db, clock } = deps;
  return new Hono<AppEnv>()
    .post('/', requireUser, validate('json', RegisterProviderSchema), async (c) => {
      const user = currentUser(c);
      const details: ProviderDetails = c.req.valid('json');
      // With an Idempotency-Key the id comes from the account's key: a retry after the first answer
      // was lost, even past the middleware's memory, finds the application the first attempt made.
      const providerId = newRecordId(c.var.idempotency, 'service-provider');
      const made = c.var.idempotency && (await findProvider(db, providerId));
      if (made) return c.json(toProvider(made), 201);
      if (await hasPendingApplication(db, user.id)) throw PROVIDER_ERRORS.pendingElsewhere();
      await runCommand(deps.store, requestOrigin(c.var), providerCommands, providerId, {
        type: 'RegisterProvider',
        providerId,
        applicantId: user.id,
        details,
        at: clock().toISOString(),
      });
      const row = await findProvider(db, providerId);
      return c.json(toProvider(row!), 201);
    })
    .get('/', requireUser, validate('query', ProviderListQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const user = currentUser(c);
      if (!user.isAdmin && q.status !== 'approved') throw directoryOnly();
      const limit = q.limit ?? (user.isAdmin ? ADMIN_PROVIDER_PAGE_SIZE : DIRECTORY_PAGE_SIZE);
      const { rows, total } = await listProviders(db, { ...q, limit });
      const page: ProviderPage = { providers: rows.map(toProvider), total, page: q.page, pageSize: limit };
      if (user.isAdmin) page.counts = await countByStatus(db);
      return c.json(page);
    })
    .patch('/:id/status', requireAdmin, validate('json', ProviderStatusSchema), async (c) => {
      const id = c.req.param('id');
      if (!(await findProvider(db, id))) throw PROVIDER_ERRORS.notFound();
      const { status } = c.req.valid('json');
      const origin = deps.config.publicOrigin;
      const user = currentUser(c);
      const messages = decisionMessages(deps, async (events, state: ServiceProviderState, tx) => {
        if (state.status === 'none') return [];
        const proven = await applicantProvedAddress(tx, state.applicantId, state.details.email);
        return events.flatMap((e) => providerDecisionMessage(e, state.details, origin, { proven }) ?? []);
      });
      await runCommand(
        deps.store,
        requestOrigin(c.var),
        providerCommands,
        id,
        { type: 'SetProviderStatus', actor: { id: user.id, isAdmin: user.isAdmin }, status, at: clock().toISOString() },
        { alongside: messages.alongside },
      );
      const heldBack = messages.heldBack();
      const row = await findProvider(db, id);
      const held =
        heldBack > 0 ? ' No e-mail was sent: Efie has sent this address as many messages as it may for now.' : '';
      const answer: ProviderStatusAnswer = {
        message: `${STATUS_MESSAGES[row!.status]}${held}`,
        provider: toProvider(row!),
        emailHeldBack: heldBack > 0,
      };
      return c.json(answer);
    });
}
