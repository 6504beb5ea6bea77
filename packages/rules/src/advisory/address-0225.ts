/**
 * Electronic addresses of scheme 0225 (the French directory, "annuaire" of the reform): one of
 *   SIREN | SIREN_SIRET | SIREN_SIRET_CODEROUTAGE | SIREN_SUFFIXE
 * (french-mentions.md; official examples `100000009_STATUTS`, `200000008`). BR-FR-23 checks the
 * characters and BR-FR-21/22 the SIREN prefix for B2B; nothing checks the form itself, so a builder
 * and a parser live here, and the advisory EINV-FR-0225-FORM uses the parser.
 */
import { isValidSiren, isValidSiret } from './french-ids.js';

export type Address0225Form = 'SIREN' | 'SIREN_SIRET' | 'SIREN_SIRET_CODEROUTAGE' | 'SIREN_SUFFIXE';

export interface Address0225 {
  form: Address0225Form;
  siren: string;
  siret?: string;
  /** Routing code (code routage) of the establishment: SIREN_SIRET_CODEROUTAGE */
  routingCode?: string;
  /** Free suffix the company chose: SIREN_SUFFIXE */
  suffix?: string;
}

/** What the parser found wrong, in words naming the part */
export interface Address0225Problem {
  problem: string;
}

/** Characters BR-FR-23 allows in a scheme-0225 address part */
const PART = /^[A-Za-z0-9+\-.]+$/;

/** Parses a scheme-0225 address into its form and parts, or says which part is wrong */
export function parseAddress0225(value: string): Address0225 | Address0225Problem {
  const parts = value.split('_');
  const [siren, second, third, ...rest] = parts;
  if (siren === undefined || !/^\d{9}$/.test(siren))
    return { problem: `the address must start with a 9-digit SIREN, found "${siren ?? ''}"` };
  if (!isValidSiren(siren)) return { problem: `the SIREN ${siren} has a wrong check digit (Luhn)` };
  if (second === undefined) return { form: 'SIREN', siren };
  if (second === '') return { problem: 'nothing follows the "_" after the SIREN' };
  if (/^\d{14}$/.test(second)) {
    if (!second.startsWith(siren))
      return { problem: `the SIRET ${second} does not start with the SIREN ${siren}` };
    if (!isValidSiret(second)) return { problem: `the SIRET ${second} has a wrong check digit (Luhn)` };
    if (third === undefined) return { form: 'SIREN_SIRET', siren, siret: second };
    if (rest.length > 0 || third === '' || !PART.test(third))
      return {
        problem: `after SIREN_SIRET only one routing code may follow, found "${parts.slice(2).join('_')}"`,
      };
    return { form: 'SIREN_SIRET_CODEROUTAGE', siren, siret: second, routingCode: third };
  }
  const suffix = parts.slice(1).join('_');
  return { form: 'SIREN_SUFFIXE', siren, suffix };
}

/** Builds a scheme-0225 address from its parts; throws a RangeError naming the part that is wrong */
export function buildAddress0225(parts: {
  siren: string;
  siret?: string;
  routingCode?: string;
  suffix?: string;
}): string {
  const { siren, siret, routingCode, suffix } = parts;
  if (!isValidSiren(siren)) throw new RangeError(`siren: expected 9 digits with a valid key, got "${siren}"`);
  if (suffix !== undefined) {
    if (siret !== undefined || routingCode !== undefined)
      throw new RangeError('suffix: a SIREN_SUFFIXE address has no SIRET or routing code');
    if (!PART.test(suffix)) throw new RangeError(`suffix: expected A-Z a-z 0-9 + - ., got "${suffix}"`);
    return `${siren}_${suffix}`;
  }
  if (siret === undefined) {
    if (routingCode !== undefined) throw new RangeError('routingCode: a routing code needs a SIRET');
    return siren;
  }
  if (!isValidSiret(siret) || !siret.startsWith(siren))
    throw new RangeError(`siret: expected 14 digits starting with ${siren} with a valid key, got "${siret}"`);
  if (routingCode === undefined) return `${siren}_${siret}`;
  if (!PART.test(routingCode))
    throw new RangeError(`routingCode: expected A-Z a-z 0-9 + - ., got "${routingCode}"`);
  return `${siren}_${siret}_${routingCode}`;
}
