import { randomUUID } from 'node:crypto';
import { accountCommands } from '../api/auth/account-commands.ts';
import { type CommandOrigin, runCommand } from '../api/commands/run-command.ts';
import type { EventStore } from '../events/store/event-store.ts';

/**
 * Registers a verified owner account straight through the one runner (a bench seeds thousands:
 * the HTTP sign-up's rate limits and e-mail codes are not what it measures). Answers the user's id.
 */
export async function registerVerifiedOwner(
  store: EventStore,
  origin: CommandOrigin,
  account: { email: string; firstName: string; passwordHash: string; phone?: string | null },
): Promise<string> {
  const id = randomUUID();
  const at = new Date();
  const { email, firstName, passwordHash, phone = null } = account;
  await runCommand(store, origin, accountCommands, id, {
    type: 'RegisterUser',
    userId: id,
    firstName,
    lastName: 'Bench',
    email,
    phone,
    userType: 'owner',
    businessName: null,
    passwordHash,
    at,
  });
  await runCommand(store, origin, accountCommands, id, { type: 'VerifyEmail', email, at });
  return id;
}
