export { BODY_LIMIT_BYTES, bodyObject, decodeBase64, queryOption, requireJson } from './body.js';
export type { ProblemExtras } from './problem.js';
export { problemErrorHandler, sendProblem } from './problem.js';
export { perMinuteLimiter, sameOriginOnly, securityHeaders } from './security.js';
