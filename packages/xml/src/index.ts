export { decodeXmlBytes } from './decode.js';
export { child, childrenOf, escapeXml, hasBlankText, textOf, xpathOf } from './helpers.js';
export { type ElementLocation, ElementLocations } from './locations.js';
export { isKnownBlank, NO_ATTRS } from './names.js';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, parseXml } from './parse.js';
export {
  ancestorsAre,
  indicatorValue,
  type KeyedSite,
  type Site,
  SiteHit,
  SiteHits,
  type SitesOfName,
  SiteTable,
} from './sites.js';
export type * from './types.js';
export { XPaths } from './xpaths.js';
