// Starts both services on the embedded SQLite default: the generation service on GENERATION_PORT
// (default 3000) and the validator on VALIDATOR_PORT (default 3001). Each runs in its own process
// so a crash or a slow request in one never stalls the other.
import { spawn } from 'node:child_process';

const services = [
  {
    name: 'generation-api',
    entry: 'apps/generation-api/dist/main.js',
    port: process.env.GENERATION_PORT ?? '3000',
  },
  {
    name: 'validator-api',
    entry: 'apps/validator-api/dist/main.js',
    port: process.env.VALIDATOR_PORT ?? '3001',
  },
];

const children = services.map(({ name, entry, port }) => {
  const child = spawn(process.execPath, [entry], { stdio: 'inherit', env: { ...process.env, PORT: port } });
  child.on('exit', (code, signal) => {
    console.log(`${name} exited (${signal ?? code})`);
    shutdown();
  });
  return child;
});

let stopping = false;
function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
