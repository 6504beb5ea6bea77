export { decodeXmlBytes } from './decode.js';
export { child, childrenOf, escapeXml, textOf, xpathOf } from './helpers.js';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, parseXml } from './parse.js';
export { ancestorsAre, indicatorValue, type Site, SiteHit, SiteTable } from './sites.js';
export type * from './types.js';
