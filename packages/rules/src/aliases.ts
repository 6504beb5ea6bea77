/**
 * Contract aliases: rule ids the einv HTTP contracts use with a meaning that differs from EN 16931.
 *
 * The generation contract numbers "invoice number missing" as BR-01, whereas in EN 16931 BR-01 is
 * "specification identifier (BT-24) present" and BR-02 is "invoice number present". validate()
 * reports both: the official BR-02 and, next to it, a BR-01 finding at `invoice.number` carrying
 * the contract's meaning. The alias is not a rule of the catalogue (getRule('BR-01') is the
 * official rule); the conformance suite leaves alias findings out with isContractAlias() so the
 * official BR-01 is counted with its official meaning. See docs/decisions/0050-*.md.
 */
import type { Finding } from '@einv/core-model';
import type { Text } from './define.js';

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

/** true for a finding produced by a contract alias rather than by the official rule of that id */
export function isContractAlias(finding: Pick<Finding, 'rule' | 'path'>): boolean {
  for (const a of CONTRACT_ALIASES) if (a.id === finding.rule && a.path === finding.path) return true;
  return false;
}
