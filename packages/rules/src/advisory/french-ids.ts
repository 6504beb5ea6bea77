/**
 * Check keys of the French identifiers no official rule verifies (br-fr-custom-functions.md: the
 * official schematrons test lengths and prefixes only): SIREN and SIRET (Luhn, with the La Poste
 * exception) and the key of a French VAT number. Pure functions, exported by the library.
 */

/** SIREN of La Poste: its establishments' SIRETs do not follow Luhn (INSEE rule, see isValidSiret) */
export const LA_POSTE_SIREN = '356000000';

/** Luhn (mod 10) over a string of digits */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const NINE_DIGITS = /^\d{9}$/;
const FOURTEEN_DIGITS = /^\d{14}$/;

/** True for 9 digits passing Luhn (the INSEE key of a SIREN) */
export function isValidSiren(value: string): boolean {
  return NINE_DIGITS.test(value) && luhnValid(value);
}

/**
 * True for 14 digits whose key is right: Luhn, except La Poste's establishments (SIREN 356000000),
 * numbered so that the sum of their digits is a multiple of 5 (the head office also passes Luhn).
 */
export function isValidSiret(value: string): boolean {
  if (!FOURTEEN_DIGITS.test(value)) return false;
  if (luhnValid(value)) return true;
  if (!value.startsWith(LA_POSTE_SIREN)) return false;
  let sum = 0;
  for (const c of value) sum += c.charCodeAt(0) - 48;
  return sum % 5 === 0;
}

/** The two-digit key of the French VAT number of this SIREN: (12 + 3 × (SIREN mod 97)) mod 97 */
export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return key.toString().padStart(2, '0');
}

/** A French VAT number split into its key and SIREN, or undefined when it is not FR + 2 + 9 digits */
export function parseFrenchVat(value: string): { key: string; siren: string } | undefined {
  const m = /^FR([0-9A-Z]{2})(\d{9})$/.exec(value);
  return m?.[1] && m[2] ? { key: m[1], siren: m[2] } : undefined;
}

/** The French VAT number of a SIREN: FR + key + SIREN */
export function frenchVatNumber(siren: string): string {
  if (!NINE_DIGITS.test(siren)) throw new RangeError(`a SIREN has 9 digits, got "${siren}"`);
  return `FR${frenchVatKey(siren)}${siren}`;
}

/**
 * What is wrong with a French VAT number's key, or undefined when nothing is. Keys made of letters
 * (an older numbering the tax office still issues) cannot be computed and are not judged.
 */
export function frenchVatProblem(value: string): 'key' | 'siren' | undefined {
  const parts = parseFrenchVat(value);
  if (!parts) return undefined;
  if (!isValidSiren(parts.siren)) return 'siren';
  if (/^\d\d$/.test(parts.key) && parts.key !== frenchVatKey(parts.siren)) return 'key';
  return undefined;
}
