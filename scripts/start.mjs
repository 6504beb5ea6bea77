// The embedded default (`pnpm start`): both services on SQLite, each in its own process so a crash or a
// slow request in one never stalls the other. The generation service listens on GENERATION_PORT (default
// 3000), the validator on VALIDATOR_PORT (default 3001).
//
// A small supervisor (decision 0095):
// - a service that stops because of its settings (exit 2) or cannot listen (exit 3) stops everything:
//   restarting would fail the same way. `pnpm start` exits with that code and names the variable.
// - a service that dies otherwise (crash, OOM kill, signal) is restarted with exponential backoff
//   (1 s doubling to 30 s, reset after a minute up); the other one keeps running.
// - SIGTERM/SIGINT are passed on; once both have drained and stopped, exit 0.
import { spawn } from 'node:child_process';

const EXIT_BAD_SETTING = 2;
const EXIT_LISTEN_FAILED = 3;
const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

const log = (message) => console.log(`[start] ${message}`);

function portFrom(variable, fallback) {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
    console.error(`[start] ${variable} must be a port number from 1 to 65535, got "${raw}"`);
    process.exit(EXIT_BAD_SETTING);
  }
  return raw;
}

const services = [
  {
    name: 'generation-api',
    entry: 'apps/generation-api/dist/main.js',
    portVariable: 'GENERATION_PORT',
    port: portFrom('GENERATION_PORT', '3000'),
  },
  {
    name: 'validator-api',
    entry: 'apps/validator-api/dist/main.js',
    portVariable: 'VALIDATOR_PORT',
    port: portFrom('VALIDATOR_PORT', '3001'),
  },
];

let stopping = false;
let exitCode = 0;

function launch(service) {
  service.startedAt = Date.now();
  const child = spawn(process.execPath, [service.entry], {
    stdio: 'inherit',
    env: { ...process.env, PORT: service.port },
  });
  service.child = child;
  child.on('exit', (code, signal) => onExit(service, code, signal));
}

function onExit(service, code, signal) {
  service.child = undefined;
  const how = signal ? `signal ${signal}` : `code ${code}`;
  if (stopping) {
    log(`${service.name} stopped (${how})`);
    return finishIfDone();
  }
  if (code === EXIT_LISTEN_FAILED) {
    return stopAll(
      code,
      `${service.name} cannot listen on port ${service.port}: set ${service.portVariable} to a free port`,
    );
  }
  if (code === EXIT_BAD_SETTING) {
    return stopAll(
      code,
      `${service.name} refused its settings (see its message above); ${service.portVariable}=${service.port}`,
    );
  }
  if (Date.now() - service.startedAt > STABLE_AFTER_MS) service.backoff = undefined;
  service.backoff = Math.min(BACKOFF_MAX_MS, service.backoff ? service.backoff * 2 : BACKOFF_START_MS);
  const others = services.filter((s) => s !== service && s.child).map((s) => s.name);
  log(
    `${service.name} exited (${how}); restarting in ${service.backoff / 1000} s${others.length ? `, ${others.join(', ')} keeps running` : ''}`,
  );
  service.timer = setTimeout(() => {
    service.timer = undefined;
    if (!stopping) launch(service);
  }, service.backoff);
}

function stopAll(code, reason) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (reason) console.error(`[start] ${reason}`);
  for (const service of services) {
    clearTimeout(service.timer);
    service.child?.kill('SIGTERM');
  }
  finishIfDone();
}

function finishIfDone() {
  if (services.every((s) => !s.child)) process.exit(exitCode);
}

for (const service of services) launch(service);
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
