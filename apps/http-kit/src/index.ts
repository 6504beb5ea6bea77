export { BODY_LIMIT_BYTES, bodyObject, decodeBase64, queryOption, requireJson } from './body.js';
export type { JsonLimits, LimitViolation } from './limits.js';
export { findLimitViolation, INVOICE_LIMITS, refuseOverLimit } from './limits.js';
export { NOTICES_SCHEMA } from './openapi.js';
export type { ProblemExtras } from './problem.js';
export { problemErrorHandler, sendProblem } from './problem.js';
export { perMinuteLimiter, sameOriginOnly, securityHeaders } from './security.js';
