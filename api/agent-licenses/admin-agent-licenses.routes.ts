import { Hono } from 'hono';
import { DomainError } from '../../events/store/errors.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/session.middleware.ts';
import { requestOrigin, runCommand } from '../commands/run-command.ts';
import {
  AdminLicensesQuerySchema,
  RejectLicenseSchema,
  VerifyLicenseSchema,
} from '../contract/agent-licenses.schema.ts';
import type { AppEnv } from '../http/app-env.ts';
import { isUuid } from '../http/is-uuid.ts';
import { validate } from '../middleware/validate.ts';
import { actorOf } from '../properties/listing-commands.ts';
import { agentLicenseCommands } from './agent-license-commands.ts';
import { findAgentLicense, listAgentLicenses } from './agent-licenses.read.ts';

const notAnAgent = () => new DomainError('not_found', 'agent_not_found', 'No agent with a licence number has this id.');
const numberChanged = (current: string) =>
  new DomainError(
    'conflict',
    'license_changed',
    `The agent's licence number is now ${current}: check that number before deciding.`,
  );

/**
 * The admin panel's Agents tab (issue 33, docs/decisions/330): agents' licence numbers to check
 * against the Real Estate Agency Council's register, and the finding, verified or rejected with a
 * reason. The decision is about the number the admin saw: a number changed since is a 409.
 */
export function adminAgentLicensesRoutes(deps: Pick<AppDeps, 'db' | 'store' | 'clock'>) {
  const { db, store, clock } = deps;

  /** The agent the path names, with the number the admin checked still theirs. */
  async function checkedAgent(userId: string, licenseNumber: string) {
    const agent = isUuid(userId) ? await findAgentLicense(db, userId) : undefined;
    if (!agent) throw notAnAgent();
    if (agent.licenseNumber !== licenseNumber) throw numberChanged(agent.licenseNumber);
    return agent;
  }

  return new Hono<AppEnv>()
    .use('/agent-licenses', requireAdmin)
    .use('/agent-licenses/*', requireAdmin)
    .get('/agent-licenses', validate('query', AdminLicensesQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const { agents, total } = await listAgentLicenses(db, q);
      return c.json({ agents, total, page: q.page, pageSize: q.limit });
    })
    .post('/agent-licenses/:userId/verify', validate('json', VerifyLicenseSchema), async (c) => {
      const { licenseNumber } = c.req.valid('json');
      const agent = await checkedAgent(c.req.param('userId'), licenseNumber);
      await runCommand(store, requestOrigin(c.var), agentLicenseCommands, agent.userId, {
        type: 'VerifyLicense',
        actor: actorOf(c),
        userId: agent.userId,
        licenseNumber,
        at: clock().toISOString(),
      });
      return c.json({ message: 'Licence verified.', agent: await findAgentLicense(db, agent.userId) });
    })
    .post('/agent-licenses/:userId/reject', validate('json', RejectLicenseSchema), async (c) => {
      const { licenseNumber, reason } = c.req.valid('json');
      const agent = await checkedAgent(c.req.param('userId'), licenseNumber);
      await runCommand(store, requestOrigin(c.var), agentLicenseCommands, agent.userId, {
        type: 'RejectLicense',
        actor: actorOf(c),
        userId: agent.userId,
        licenseNumber,
        reason,
        at: clock().toISOString(),
      });
      return c.json({ message: 'Licence rejected.', agent: await findAgentLicense(db, agent.userId) });
    });
}
