// One jest run for the whole monorepo. Tests import workspace packages from their
// TypeScript sources (no build needed) and run as native ESM (node --experimental-vm-modules).
//
// Two configurations (issue 14): every suite runs on SQLite with in-memory counters (project
// `sqlite`), and the contract suites of the stores and of the generation service run again on a real
// PostgreSQL and Redis (project `postgres`, servers started by tests/support/postgres-setup.ts). The
// second project is left out, saying why, when the PostgreSQL or Redis binaries are absent, or with
// EINV_TEST_POSTGRES=0.
import { execFileSync } from 'node:child_process';

const packages = ['core-model', 'rules', 'cii', 'ubl', 'facturx', 'xml', 'xml-check'];
const apps = ['billing', 'generation-api', 'validator-api', 'http-kit', 'cli'];
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
for (const p of packages) moduleNameMapper[`^@einv/${p}$`] = `<rootDir>/packages/${p}/src/index.ts`;
for (const a of apps) moduleNameMapper[`^@einv/${a}$`] = `<rootDir>/apps/${a}/src/index.ts`;

const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const sqlite = {
  ...common,
  displayName: 'sqlite',
  testMatch: [
    '<rootDir>/{packages,apps}/*/src/**/*.test.ts',
    '<rootDir>/tests/**/*.test.ts',
    '<rootDir>/bench/**/*.test.ts',
  ],
};

/** The contract suites of everything that stores or counts, on PostgreSQL + Redis */
const postgres = {
  ...common,
  displayName: 'postgres',
  testMatch: [
    '<rootDir>/apps/billing/src/**/*.test.ts',
    '<rootDir>/apps/generation-api/src/__tests__/**/*.test.ts',
  ],
  globalSetup: '<rootDir>/tests/support/postgres-setup.ts',
  globalTeardown: '<rootDir>/tests/support/postgres-teardown.ts',
  globals: { EINV_TEST_CONFIGURATION: 'postgres' },
};

function found(command) {
  try {
    execFileSync('sh', ['-c', command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const servers =
  found('ls /usr/lib/postgresql/*/bin/initdb || command -v initdb') && found('command -v redis-server');
if (process.env.EINV_TEST_POSTGRES === '0')
  console.warn('jest: EINV_TEST_POSTGRES=0, the PostgreSQL + Redis configuration is skipped');
else if (!servers)
  console.warn(
    'jest: PostgreSQL or Redis binaries not found (apt-get install postgresql redis-server); the PostgreSQL + Redis configuration is skipped',
  );

export default {
  projects: servers && process.env.EINV_TEST_POSTGRES !== '0' ? [sqlite, postgres] : [sqlite],
  testTimeout: 300000,
  // Two workers on the two cores: many suites wait on the official validator in a child process.
  maxWorkers: 2,
};
