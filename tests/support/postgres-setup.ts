/**
 * globalSetup of the `postgres` jest project (jest.config.js): starts one real PostgreSQL and one real
 * Redis for the run; the suites of that project find them through EINV_TEST_POSTGRES_URL and
 * EINV_TEST_REDIS_URL (tests/support/test-database.ts, the generation harness).
 */
import { type RunningServer, serversMissing, startPostgres, startRedis } from './servers';

const running = globalThis as { einvServers?: RunningServer[] };

export default async function setup(): Promise<void> {
  if (serversMissing) throw new Error(`the postgres test project needs ${serversMissing}`);
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  running.einvServers = [postgres, redis].filter((s): s is RunningServer => !!s);
  process.env.EINV_TEST_POSTGRES_URL = postgres?.url;
  process.env.EINV_TEST_REDIS_URL = redis?.url;
}
