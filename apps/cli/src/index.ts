/**
 * @einv/cli: the `einv` command (bin: dist/main.js). What is exported here is the pure part the
 * command is made of — the report formats — for tools that want the same SARIF or JUnit shape.
 */
export { EXIT, type ExitCode } from './exit-codes.js';
export { toJUnit } from './report/junit.js';
export { prettyRecord, prettySummary } from './report/pretty.js';
export * from './report/record.js';
export { artifactUri, type RuleInfo, type SarifOptions, toSarif } from './report/sarif.js';
