// One jest run for the whole monorepo. Tests import workspace packages from their
// TypeScript sources (no build needed) and run as native ESM (node --experimental-vm-modules).
const packages = ['core-model', 'rules', 'cii', 'ubl', 'facturx', 'xml', 'xml-check'];
const apps = ['billing', 'generation-api', 'validator-api', 'http-kit', 'cli'];
const moduleNameMapper = { '^(\\.{1,2}/.*)\\.js$': '$1' };
for (const p of packages) moduleNameMapper[`^@einv/${p}$`] = `<rootDir>/packages/${p}/src/index.ts`;
for (const a of apps) moduleNameMapper[`^@einv/${a}$`] = `<rootDir>/apps/${a}/src/index.ts`;

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
  },
  moduleNameMapper,
  testMatch: [
    '<rootDir>/{packages,apps}/*/src/**/*.test.ts',
    '<rootDir>/tests/**/*.test.ts',
    '<rootDir>/bench/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 300000,
  // Two workers on the two cores: many suites wait on the official validator in a child process.
  maxWorkers: 2,
};
