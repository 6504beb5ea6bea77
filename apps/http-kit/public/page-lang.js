// The language of both services' pages (decision 0132): ?lang= wins, then the choice remembered on
// this browser, then the browser's own languages (what it sends as Accept-Language), else English.
// One file served by both services (pageAssets of @einv/http-kit), so the pages choose alike.
const KEY = 'einv-lang';

export function pageLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'fr' || asked === 'en') return asked;
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === 'fr' || kept === 'en') return kept;
  } catch {
    // storage disabled: the browser's languages decide
  }
  const first = (navigator.languages ?? [navigator.language]).find((l) => /^(fr|en)\b/i.test(l ?? ''));
  return first && /^fr/i.test(first) ? 'fr' : 'en';
}

/** Remembers the language chosen on a page for the next visits of both pages */
export function rememberLanguage(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
