// npm run admin -- grant someone@example.com   (or: revoke someone@example.com)
// Makes an existing account an admin, as an AdminGranted event on its stream.
import { grantAdmin, revokeAdmin } from '../api/auth/ensure-admin.ts';
import { openDatabase } from '../api/db/open-database.ts';
import { ConfigError, loadConfig } from '../api/env.ts';
import { silentLogger } from '../api/logger.ts';
import { buildDeps } from '../api/runtime.ts';

const [action, email] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('usage: npm run admin -- grant EMAIL | revoke EMAIL');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const db = await openDatabase(config);
  try {
    const deps = await buildDeps(db, config, silentLogger);
    const outcome =
      action === 'grant'
        ? await grantAdmin(deps, email, 'cli')
        : (await revokeAdmin(deps, email, 'cli'))
          ? 'revoked'
          : 'no_account';
    if (outcome === 'no_account') {
      console.error(`No account with the e-mail address ${email}. The person must register first.`);
      process.exitCode = 1;
    } else if (outcome === 'unverified') {
      console.error(
        `${email} has not been verified, so nothing shows that the person who registered it holds the address. ` +
          'They must verify it first (Account Settings sends a code), then grant again.',
      );
      process.exitCode = 1;
    } else {
      console.log(outcome === 'granted' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `admin ${action} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
