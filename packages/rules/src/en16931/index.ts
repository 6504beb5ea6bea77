/**
 * The EN 16931 1.3.16 rule set. Each family file exports its array; this index concatenates them
 * in catalogue order. Core (BR-01…65), conditions and calculations (BR-CO), decimals (BR-DEC) are
 * here; the VAT category families (vat-*.ts) and code lists (code-lists/) register below too.
 */
import type { RuleDefinition } from '../define.js';
import { documentCodeListRules } from './cl-document.js';
import { lineCodeListRules } from './cl-lines.js';
import { partyCodeListRules } from './cl-parties.js';
import { coConditionRules } from './co-conditions.js';
import { coTotalRules } from './co-totals.js';
import { coreDocumentRules } from './core-document.js';
import { coreLineRules } from './core-lines.js';
import { corePartyRules } from './core-parties.js';
import { corePaymentRules } from './core-payment.js';
import { coreSettlementRules } from './core-settlement.js';
import { decRules } from './dec-amounts.js';
import { vatReverseChargeRules } from './vat-ae.js';
import { vatIgicRules } from './vat-af.js';
import { vatIpsiRules } from './vat-ag.js';
import { vatSplitPaymentRules } from './vat-b.js';
import { vatExemptRules } from './vat-e.js';
import { vatExportRules } from './vat-g.js';
import { vatIntraCommunityRules } from './vat-ic.js';
import { vatNotSubjectRules } from './vat-o.js';
import { vatStandardRules } from './vat-s.js';
import { vatZeroRatedRules } from './vat-z.js';

const byId = (a: RuleDefinition, b: RuleDefinition) => a.id.localeCompare(b.id, 'en', { numeric: true });

/** Core rules BR-01…BR-65 in numeric order */
export const coreRules: RuleDefinition[] = [
  ...coreDocumentRules,
  ...corePartyRules,
  ...coreLineRules,
  ...coreSettlementRules,
  ...corePaymentRules,
].sort(byId);

/** Every rule of this rule set; each family file adds its array here. */
export const rules: RuleDefinition[] = [
  ...coreRules,
  ...[...coConditionRules, ...coTotalRules].sort(byId),
  ...decRules,
  // VAT category rules (vat-*.ts) and code-list rules (code-lists/) are appended here by their owners
  ...vatStandardRules,
  ...vatZeroRatedRules,
  ...vatExemptRules,
  ...vatReverseChargeRules,
  ...vatIntraCommunityRules,
  ...vatExportRules,
  ...vatNotSubjectRules,
  ...vatIgicRules,
  ...vatIpsiRules,
  ...vatSplitPaymentRules,
  ...documentCodeListRules,
  ...partyCodeListRules,
  ...lineCodeListRules,
];
