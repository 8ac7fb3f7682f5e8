import { inject } from 'vitest';

// Every database a `log` project test makes (createPostgresTestDatabase, TEST_DB=postgres)
// goes on that project's own cluster (log-cluster.global-setup.ts).
process.env.TEST_POSTGRES_URL = inject('logPostgresUrl');
