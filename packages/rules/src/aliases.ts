/**
 * Contract findings: what the einv generation contract asks for on a JSON invoice beyond the official
 * rules (decisions 0050, 0070, amended by 0112).
 *
 * - BR-01 at `invoice.number`: the contract numbers "invoice number missing" BR-01, whereas in
 *   EN 16931 BR-01 is "specification identifier (BT-24) present" and BR-02 is "invoice number
 *   present". The alias is reported next to each official BR-02 finding at `invoice.number`.
 * - BR-FR-09 at `invoice.seller.siret`: the advisory "the seller has no SIRET" (always a warning) on a
 *   French invoice; the official BR-FR-09 only checks a SIRET that is there.
 *
 * Both belong to JSON invoices of the generation service (`/api/v1/generate`, `/api/v1/validate`,
 * `validate()` of a JSON invoice, `generate()`): an XML or PDF document is judged with official ids
 * and official meanings only, so one report never carries BR-01 with two meanings. They are not
 * catalogue entries (getRule('BR-01') is the official rule).
 */
import type { Finding, Invoice } from '@einv/core-model';
import { hasNoSiret } from './br-fr/parties.js';
import type { Lang, Text } from './define.js';

export interface ContractAlias {
  /** Id the alias finding carries */
  id: string;
  /** Official rule whose finding triggers the alias */
  officialRule: string;
  /** Path at which the official rule reported; the alias reports at the same path */
  path: string;
  bt: string;
  message: Text;
}

export const CONTRACT_ALIASES: readonly ContractAlias[] = [
  {
    id: 'BR-01',
    officialRule: 'BR-02',
    path: 'invoice.number',
    bt: 'BT-1',
    message: {
      en: 'The invoice has no invoice number (BT-1); give every invoice a unique number.',
      fr: "La facture n'a pas de numéro (BT-1) ; chaque facture doit porter un numéro unique.",
    },
  },
];

/** The contract's "seller has no SIRET" advisory (decision 0070): rule id and place */
export const SIRET_ADVISORY = { id: 'BR-FR-09', path: 'invoice.seller.siret', bt: 'BT-29' } as const;
const siretAdvisoryText: Text = {
  en: 'The seller has no SIRET: give its SIRET (14 digits) and SIREN (scheme 0002) so French platforms can identify it',
  fr: 'Le vendeur n’a pas de SIRET : indiquez son SIRET (14 chiffres) et son SIREN (schéma 0002) pour que les plateformes françaises l’identifient',
};

/** true for a finding produced by a contract alias rather than by the official rule of that id */
export function isContractAlias(finding: Pick<Finding, 'rule' | 'path'>): boolean {
  for (const a of CONTRACT_ALIASES) if (a.id === finding.rule && a.path === finding.path) return true;
  return false;
}

export interface ContractFindingsOptions {
  lang: Lang;
  /** Whether the French rules were run on this invoice (French seller, edition not `off`) */
  frenchRules: boolean;
}

/**
 * The contract findings for a JSON invoice, given the official findings already made for it (from
 * the model or from the document written from it): one BR-01 alias per official BR-02 at
 * `invoice.number` (same severity), and the SIRET advisory when the French rules ran.
 * Returned in report order: each alias right before the finding that triggered it, the advisory last.
 */
export function withContractFindings(
  invoice: Invoice,
  official: readonly Finding[],
  options: ContractFindingsOptions,
): Finding[] {
  const out: Finding[] = [];
  for (const f of official) {
    for (const alias of CONTRACT_ALIASES) {
      if (alias.officialRule === f.rule && alias.path === f.path) {
        out.push({
          rule: alias.id,
          message: alias.message[options.lang],
          path: f.path,
          severity: f.severity,
          bt: alias.bt,
          ...(f.xpath !== undefined ? { xpath: f.xpath } : {}),
          ...(f.line !== undefined ? { line: f.line } : {}),
        });
      }
    }
    out.push(f);
  }
  if (options.frenchRules && hasNoSiret(invoice.seller)) {
    out.push({
      rule: SIRET_ADVISORY.id,
      message: siretAdvisoryText[options.lang],
      path: SIRET_ADVISORY.path,
      severity: 'warning',
      bt: SIRET_ADVISORY.bt,
    });
  }
  return out;
}
