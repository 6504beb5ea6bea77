export { type CheckCiiOptions, type CheckResult as CheckCiiResult, CII_NS, checkCii } from './check-cii.js';
export { detectProfile } from './profile.js';
