/**
 * einv's own advisory checks (rule set EINV-ADVISORY): check digits and forms that no official rule
 * set verifies. Always warnings: they never make an official verdict fail (decision 0074).
 */
import { electronicFormatIBAN, isValidBIC, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { defineRule, type Report, type RuleDefinition, type Text } from '../define.js';
import { parseAddress0225 } from './address-0225.js';
import { frenchVatKey, frenchVatProblem, isValidSiren, isValidSiret, parseFrenchVat } from './french-ids.js';
import {
  accounts,
  addresses0225,
  bics,
  type Found,
  sirens,
  sirets,
  vatNumbers,
} from './identifiers-in-invoice.js';

export const ADVISORY_RULE_SET = 'EINV-ADVISORY';

const t = (en: string, fr: string): Text => ({ en, fr });

function advisory(input: Omit<RuleDefinition, 'ruleSet' | 'severity' | 'family'>): RuleDefinition {
  return defineRule({ ...input, ruleSet: ADVISORY_RULE_SET, severity: 'warning', family: 'ADVISORY' });
}

/** An IBAN is judged when the means are SEPA (58, 59) or when the value is shaped like one */
const looksLikeIban = (v: string) => /^[A-Z]{2}\d{2}/i.test(v.replace(/\s+/g, ''));
const SEPA_CODES = new Set(['58', '59']);
/**
 * BT-86 may also be a national clearing code or a name; a value is judged as a BIC when it is
 * written like one: four letters (the bank) then letters and digits only
 */
const writtenAsBic = (v: string) => /^[A-Za-z]{4}[A-Za-z0-9]{2,9}$/.test(v);

const IBAN_PROBLEMS: Partial<Record<ValidationErrorsIBAN, Text>> = {
  [ValidationErrorsIBAN.NoIBANCountry]: t(
    'its first two letters are not an IBAN country',
    'ses deux premières lettres ne sont pas un pays IBAN',
  ),
  [ValidationErrorsIBAN.WrongBBANLength]: t(
    'its length is wrong for its country',
    'sa longueur ne correspond pas à son pays',
  ),
  [ValidationErrorsIBAN.WrongBBANFormat]: t(
    'its account part has the wrong format for its country',
    'sa partie compte n’a pas le format de son pays',
  ),
  [ValidationErrorsIBAN.ChecksumNotNumber]: t(
    'its check digits (3rd and 4th characters) are not digits',
    'ses chiffres de contrôle (3e et 4e caractères) ne sont pas des chiffres',
  ),
  [ValidationErrorsIBAN.WrongIBANChecksum]: t(
    'its mod-97 check digits are wrong',
    'sa clé mod 97 est fausse',
  ),
};

/**
 * Reports the values that have the identifier's shape but a wrong key; a value of another shape is
 * the official rules' business (BR-FR-09, -10), not a key error
 */
function reportWrongKeys(found: Found[], shape: RegExp, valid: (v: string) => boolean, report: Report): void {
  for (const f of found) {
    const v = f.value.trim();
    if (shape.test(v) && !valid(v)) report(f.path, { value: f.value, bt: f.bt });
  }
}

export const advisoryRules: RuleDefinition[] = [
  advisory({
    id: 'EINV-FR-SIREN-KEY',
    terms: ['BT-30', 'BT-47', 'BT-61'],
    message: t('SIREN with a wrong check digit (Luhn)', 'SIREN dont la clé (Luhn) est fausse'),
    explanation: t(
      'A SIREN is 8 digits and a Luhn check digit. The official BR-FR rules check only that it has 9 digits, so a typing error reaches the platform, which cannot find the company in the directory. Checked on every legal registration identifier of scheme 0002.',
      'Un SIREN est formé de 8 chiffres et d’une clé de Luhn. Les règles BR-FR officielles ne vérifient que ses 9 chiffres : une faute de frappe parvient à la plateforme, qui ne trouve pas l’entreprise dans l’annuaire. Vérifié sur chaque identifiant d’immatriculation de schéma 0002.',
    ),
    fix: t(
      'Copy the SIREN from the company’s Kbis or the INSEE directory.',
      'Recopiez le SIREN depuis le Kbis ou le répertoire INSEE.',
    ),
    check: (invoice, report) => reportWrongKeys(sirens(invoice), /^\d{9}$/, isValidSiren, report),
  }),
  advisory({
    id: 'EINV-FR-SIRET-KEY',
    terms: ['BT-29', 'BT-46', 'BT-60', 'BT-71'],
    message: t('SIRET with a wrong check digit (Luhn)', 'SIRET dont la clé (Luhn) est fausse'),
    explanation: t(
      'A SIRET is the SIREN, a 4-digit establishment number and a Luhn check digit over all 14 digits; the establishments of La Poste (SIREN 356000000) instead have a digit sum that is a multiple of 5. The official BR-FR-09 checks only its length and its SIREN prefix.',
      'Un SIRET est le SIREN, un numéro d’établissement de 4 chiffres et une clé de Luhn sur les 14 chiffres ; les établissements de La Poste (SIREN 356000000) ont à la place une somme des chiffres multiple de 5. La règle officielle BR-FR-09 ne vérifie que sa longueur et son préfixe SIREN.',
    ),
    fix: t(
      'Copy the SIRET from the INSEE directory (annuaire-entreprises.data.gouv.fr).',
      'Recopiez le SIRET depuis le répertoire INSEE (annuaire-entreprises.data.gouv.fr).',
    ),
    check: (invoice, report) => reportWrongKeys(sirets(invoice), /^\d{14}$/, isValidSiret, report),
  }),
  advisory({
    id: 'EINV-FR-VAT-KEY',
    terms: ['BT-31', 'BT-48', 'BT-63'],
    message: t(
      'French VAT number whose key does not match its SIREN',
      'Numéro de TVA français dont la clé ne correspond pas au SIREN',
    ),
    explanation: t(
      'A French VAT number is FR, a two-digit key and the SIREN; the key is (12 + 3 × (SIREN mod 97)) mod 97. A wrong key, a SIREN part that fails its own check digit, or a SIREN part other than the party’s SIREN (scheme 0002) means a typing error; FR00000000000 is the usual placeholder. Members of a VAT group (assujetti unique) carry the group’s number and may see the last case on purpose.',
      'Un numéro de TVA français est FR, une clé de deux chiffres et le SIREN ; la clé vaut (12 + 3 × (SIREN mod 97)) mod 97. Une clé fausse, une partie SIREN dont la clé de Luhn est fausse, ou une partie SIREN différente du SIREN de la partie (schéma 0002) révèle une faute de frappe ; FR00000000000 est l’espace réservé habituel. Les membres d’un assujetti unique portent le numéro du groupe et peuvent voir le dernier cas à dessein.',
    ),
    fix: t(
      'Copy the VAT number from the VIES service or compute it from the SIREN.',
      'Recopiez le numéro de TVA depuis le service VIES ou calculez-le depuis le SIREN.',
    ),
    check(invoice, report) {
      for (const v of vatNumbers(invoice)) {
        const value = v.value.trim().toUpperCase();
        const problem = frenchVatProblem(value);
        const parts = parseFrenchVat(value);
        if (problem === 'key' && parts)
          report(v.path, {
            value: v.value,
            bt: v.bt,
            message: t(
              `French VAT number ${value}: the key should be ${frenchVatKey(parts.siren)} for SIREN ${parts.siren}`,
              `Numéro de TVA ${value} : la clé devrait être ${frenchVatKey(parts.siren)} pour le SIREN ${parts.siren}`,
            ),
          });
        else if (problem === 'siren' && parts)
          report(v.path, {
            value: v.value,
            bt: v.bt,
            message: t(
              `French VAT number ${value}: its SIREN part ${parts.siren} has a wrong check digit`,
              `Numéro de TVA ${value} : sa partie SIREN ${parts.siren} a une clé fausse`,
            ),
          });
        else if (parts && v.partySiren && /^\d{9}$/.test(v.partySiren) && parts.siren !== v.partySiren)
          report(v.path, {
            value: v.value,
            bt: v.bt,
            message: t(
              `French VAT number ${value} is not the one of the party’s SIREN ${v.partySiren}`,
              `Le numéro de TVA ${value} n’est pas celui du SIREN ${v.partySiren} de la partie`,
            ),
          });
      }
    },
  }),
  advisory({
    id: 'EINV-IBAN-KEY',
    terms: ['BT-84', 'BT-91'],
    message: t('IBAN that fails its checks', 'IBAN qui échoue à ses contrôles'),
    explanation: t(
      'An IBAN carries mod-97 check digits and a length and format fixed per country. No official rule checks them (EN 16931 lets BT-84 be any account identifier), so a mistyped IBAN travels to the buyer, who pays a wrong account or not at all. Judged when the payment means are SEPA (58, 59) or the value is shaped like an IBAN; checked with the ibantools library.',
      'Un IBAN porte une clé mod 97, une longueur et un format propres à chaque pays. Aucune règle officielle ne les vérifie (EN 16931 accepte tout identifiant de compte en BT-84) : un IBAN mal saisi parvient à l’acheteur, qui paie un mauvais compte ou ne paie pas. Vérifié quand le moyen de paiement est SEPA (58, 59) ou que la valeur a la forme d’un IBAN, avec la bibliothèque ibantools.',
    ),
    fix: t(
      'Copy the IBAN from the bank’s account statement (RIB).',
      'Recopiez l’IBAN depuis le relevé d’identité bancaire (RIB).',
    ),
    check(invoice, report) {
      for (const a of accounts(invoice)) {
        if (!looksLikeIban(a.value) && !(a.typeCode && SEPA_CODES.has(a.typeCode))) continue;
        const iban = electronicFormatIBAN(a.value) ?? '';
        // mod 97, the country's length and BBAN format; not the national account keys (RIB key):
        // the IBAN standard does not define them and the Annexe B examples use a fictitious RIB
        const reasons = validateIBAN(iban)
          .errorCodes.map((c) => IBAN_PROBLEMS[c])
          .filter((x): x is Text => x !== undefined);
        if (reasons.length === 0) continue;
        const first = reasons[0] ?? t('it is not an IBAN', 'ce n’est pas un IBAN');
        report(a.path, {
          value: a.value,
          bt: a.bt,
          message: t(`IBAN ${a.value}: ${first.en}`, `IBAN ${a.value} : ${first.fr}`),
        });
      }
    },
  }),
  advisory({
    id: 'EINV-BIC-SHAPE',
    terms: ['BT-86'],
    message: t(
      'BIC that is not 8 or 11 characters of the BIC form',
      'BIC qui n’a pas la forme d’un BIC (8 ou 11 caractères)',
    ),
    explanation: t(
      'A BIC (ISO 9362) is 4 letters for the bank, the ISO country code of the bank, 2 letters or digits for the place and optionally 3 for the branch. No official rule checks BT-86. BT-86 may also hold a national clearing code, so only values written like a BIC (four letters, then letters and digits) are judged.',
      'Un BIC (ISO 9362) comprend 4 lettres pour la banque, le code pays ISO de la banque, 2 lettres ou chiffres pour la localité et, facultativement, 3 pour l’agence. Aucune règle officielle ne vérifie BT-86. BT-86 peut aussi contenir un code de compensation national : seules les valeurs écrites comme un BIC (quatre lettres, puis lettres et chiffres) sont jugées.',
    ),
    fix: t(
      'Copy the BIC from the bank’s account statement (RIB), without spaces.',
      'Recopiez le BIC depuis le RIB, sans espaces.',
    ),
    check(invoice, report) {
      for (const b of bics(invoice)) {
        const v = b.value.trim();
        if (writtenAsBic(v) && !isValidBIC(v.toUpperCase())) report(b.path, { value: b.value, bt: b.bt });
      }
    },
  }),
  advisory({
    id: 'EINV-FR-0225-FORM',
    terms: ['BT-34', 'BT-49'],
    message: t(
      'Scheme-0225 electronic address not in a directory form',
      'Adresse électronique de schéma 0225 hors des formes de l’annuaire',
    ),
    explanation: t(
      'Addresses of scheme 0225 are those of the French directory: SIREN, SIREN_SIRET, SIREN_SIRET_CODEROUTAGE or SIREN_SUFFIXE, with a SIREN and SIRET whose check digits are right and a SIRET that starts with the SIREN. The official BR-FR-23 checks only the characters, so an address the directory can never hold passes it.',
      'Les adresses de schéma 0225 sont celles de l’annuaire : SIREN, SIREN_SIRET, SIREN_SIRET_CODEROUTAGE ou SIREN_SUFFIXE, avec un SIREN et un SIRET aux clés justes et un SIRET qui commence par le SIREN. La règle officielle BR-FR-23 ne vérifie que les caractères : une adresse que l’annuaire ne peut pas contenir la passe.',
    ),
    fix: t(
      'Take the address from the directory entry of the party, or build it with buildAddress0225().',
      'Reprenez l’adresse de l’annuaire, ou construisez-la avec buildAddress0225().',
    ),
    check(invoice, report) {
      for (const a of addresses0225(invoice)) {
        const parsed = parseAddress0225(a.value.trim());
        if ('problem' in parsed)
          report(a.path, {
            value: a.value,
            bt: a.bt,
            message: t(
              `Scheme-0225 address ${a.value}: ${parsed.problem}`,
              `Adresse de schéma 0225 ${a.value} : ${parsed.problem}`,
            ),
          });
      }
    },
  }),
];
