import type { RuleDefinition } from '../define.js';
import { documentCodeListRules } from './cl-document.js';
import { lineCodeListRules } from './cl-lines.js';
import { partyCodeListRules } from './cl-parties.js';
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

/** Every rule of this rule set; each family file adds its array here. */
export const rules: RuleDefinition[] = [
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
