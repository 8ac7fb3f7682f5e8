// A second Efie server for the update journey (e2e/offline-update.spec.ts): the real start-up
// path and its own embedded database, serving a copy of the built PWA that the journey deploys
// a new build over. dist/pwa, which every other spec is served from, is never changed.
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../api/env.ts';
import { listen } from '../../api/http/listen.ts';
import { silentLogger } from '../../api/logger.ts';
import { openRuntime } from '../../api/runtime.ts';

const pwaDir = process.env.E2E_PWA_DIR;
if (!pwaDir) throw new Error('E2E_PWA_DIR must name the copy of the built PWA to serve');
const config = loadConfig(process.env);
const deps = await openRuntime(config, silentLogger, { pwaDir });
const server = listen(createApp(deps).fetch, { port: config.port });
process.on('SIGTERM', () => server.close(() => void deps.db.close().finally(() => process.exit(0))));
