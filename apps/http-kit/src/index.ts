export {
  BODY_LIMIT_BYTES,
  bodyObject,
  decodeBase64,
  optionalQueryOption,
  queryOption,
  rejectEmptyBody,
  requireJson,
} from './body.js';
export { openCors } from './cors.js';
export { formatSize, LANGS, type Lang, negotiateLang, preferredLang, requestLang } from './lang.js';
export type { JsonLimits, LimitViolation } from './limits.js';
export { findLimitViolation, INVOICE_LIMITS, refuseOverLimit } from './limits.js';
export type { ServiceMetrics } from './metrics.js';
export { createMetrics } from './metrics.js';
export { NOTICES_SCHEMA } from './openapi.js';
export { pageAssets } from './page-assets.js';
export type { PoolSettings, TaskName, WorkPool } from './pool.js';
export { inlinePool, poolSettingsFrom, threadPool, WorkRefused } from './pool.js';
export type { ProblemExtras } from './problem.js';
export { problemErrorHandler, problemText, sendProblem } from './problem.js';
export { PROBLEM_DETAILS_FR, PROBLEM_TITLES_FR } from './problem-fr.js';
export type { BucketOptions, RedisClient, StoreFactory } from './rate-limit.js';
export {
  bearerOrClientKey,
  bucketLimiter,
  clientKey,
  connectRedis,
  memoryStores,
  redisStores,
} from './rate-limit.js';
export type { ReadinessChecks } from './readiness.js';
export { readiness } from './readiness.js';
export type { RouteEntry } from './routes.js';
export { methodNotAllowed, routeTable } from './routes.js';
export { sameOriginOnly, securityHeaders } from './security.js';
export type { RunningService, ServeOptions, ServerTimeouts, ServiceLog } from './serve.js';
export {
  createServer,
  DEFAULT_TIMEOUTS,
  EXIT_LISTEN_FAILED,
  SettingError,
  serve,
  serveOptionsFrom,
  serverSettingsFrom,
} from './serve.js';
export { staticFiles } from './static-files.js';
export { asBuffer } from './transfer.js';
