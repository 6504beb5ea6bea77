/**
 * GET /v1/formats: what the code truly supports, derived from the profiles the CII binding knows and
 * the rule sets of the catalogue, kept apart from the roadmap.
 */
import { GUIDELINE_IDS, PROFILES } from '@einv/core-model';
import { CDV_DEFAULT_VERSION, CDV_PATTERNS, CDV_VERSIONS, STATUS_CODES } from '@einv/facturx';
import {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  EXTENDED_CTC_FR_VERSION,
  FACTURX_VERSION,
  FRENCH_RULES_VALUES,
  ruleCatalogue,
} from '@einv/rules';
import { Router } from 'express';

/** Rule sets with their versions and rule counts, as the catalogue declares them */
export function ruleSetsInCatalogue() {
  const counts = new Map<string, number>();
  for (const rule of ruleCatalogue) counts.set(rule.ruleSet, (counts.get(rule.ruleSet) ?? 0) + 1);
  const versions: Record<string, string> = {
    EN16931: EN16931_VERSION,
    'BR-FR': `${BR_FR_STANDARD_VERSIONS.join(' or ')} (standard, default ${BR_FR_VERSIONS.standard}) / ${BR_FR_VERSIONS.transition} (transition)`,
    'FACTUR-X': FACTURX_VERSION,
    // its own rules here; a document declaring the profile also runs the EN 16931 rules the set keeps
    'EXTENDED-CTC-FR': `${EXTENDED_CTC_FR_VERSION} (1.4.0.04 of this set is not available)`,
    'EINV-ADVISORY': ADVISORY_VERSION,
  };
  // the releases a caller can pick, per set (frenchRules=)
  const selectable: Record<string, readonly string[]> = { 'BR-FR': FRENCH_RULES_VALUES };
  const sets = [...counts].map(([name, rules]) => ({
    name,
    version: versions[name] ?? 'unversioned',
    rules,
    ...(selectable[name] ? { selectable: selectable[name] } : {}),
  }));
  // status messages (CDAR): the official asserts of the newest release, selected like BR-FR
  const cdvAsserts = CDV_PATTERNS.flatMap((p) => p.rules.flatMap((r) => r.asserts));
  sets.push({
    name: 'BR-FR-CDV',
    version: `${CDV_VERSIONS.filter((v) => v !== '1.4.0.02').join(' or ')} (standard, default ${CDV_DEFAULT_VERSION}) / 1.4.0.02 (transition)`,
    rules: cdvAsserts.length,
    selectable: FRENCH_RULES_VALUES,
  });
  return sets;
}

export function formatsDocument() {
  return {
    supported: [
      {
        id: 'CII',
        name: 'UN/CEFACT Cross Industry Invoice D16B (Factur-X 1.0x / ZUGFeRD 2.x XML)',
        profiles: PROFILES.map((p) => ({ profile: p, guidelineId: GUIDELINE_IDS[p] })),
        read: true,
        write: true,
        structureCheck: 'Factur-X 1.09.2 XSD per profile, CII-SR/CII-DT syntax rules',
      },
      {
        id: 'UBL',
        name: 'OASIS UBL 2.1 (EN 16931 syntax binding)',
        documentTypes: ['Invoice', 'CreditNote'],
        read: true,
        write: true,
        structureCheck: 'UBL 2.1 XSD, UBL-SR/UBL-CR/UBL-DT syntax rules',
      },
      {
        id: 'FACTURX-PDF',
        name: 'Factur-X / ZUGFeRD 2.x PDF/A-3 with embedded CII',
        attachmentNames: ['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'],
        read: true,
        write: true,
        preflight: 'PDF/A-3 points a Factur-X receiver checks, Factur-X attachment and XMP points',
      },
      {
        id: 'CDAR',
        name: 'French lifecycle status message (XP Z12-012 Flux 6, UN/CEFACT CrossDomainAcknowledgementAndResponse)',
        statusCodes: STATUS_CODES.length,
        read: true,
        write: true,
        rules: `BR-FR-CDV ${CDV_VERSIONS.filter((v) => v !== '1.4.0.02').join(' or ')} (standard, default ${CDV_DEFAULT_VERSION}) / 1.4.0.02 (transition)`,
      },
    ],
    ruleSets: ruleSetsInCatalogue(),
    roadmap: [
      { id: 'XRECHNUNG', name: 'XRechnung 3.x CIUS rules (German public sector)' },
      { id: 'PEPPOL-BIS-3', name: 'Peppol BIS Billing 3.0 rules (read today as UBL, without Peppol rules)' },
      { id: 'ZUGFERD-1', name: 'ZUGFeRD 1.0 (CII D14B)' },
      { id: 'ORDER-X', name: 'Order-X purchase orders' },
    ],
  };
}

export function formatsRouter(): Router {
  const router = Router();
  router.get('/', (_req, res) => void res.json(formatsDocument()));
  return router;
}
