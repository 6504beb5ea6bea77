/** globalTeardown of the `postgres` jest project: stops the servers postgres-setup.ts started. */
import type { RunningServer } from './servers';

export default async function teardown(): Promise<void> {
  const running = globalThis as { einvServers?: RunningServer[] };
  await Promise.all((running.einvServers ?? []).map((s) => s.stop()));
}
