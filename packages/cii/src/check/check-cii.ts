/**
 * checkCii: is this XML a structurally valid CII invoice? Well-formedness, root element and
 * namespace, the Factur-X 1.09.2 XSD of the profile (detected from BT-24 or forced), then the
 * EN 16931 CII syntax rules (CII-SR-*, CII-DT-*). What the /check-xml endpoint answers.
 */
import {
  declaresExtendedCtcFr,
  type Finding,
  type Locations,
  locationsOf,
  type Profile,
} from '@einv/core-model';
import { parseXml, type XmlElement, xpathOf } from '@einv/xml';
import {
  attachModelPaths,
  type PreparedModel,
  prepareModel,
  type StructureData,
  validateStructure,
} from '@einv/xml-check';
import { readCiiElement } from '../read.js';
import { checkCiiExtendedCtcFrRules } from './extended-ctc-fr-rules.js';
import { CII_STRUCTURE_DATA } from './generated/structure-model.js';
import { detectProfile } from './profile.js';
import { checkCiiSyntaxRules } from './syntax-rules.js';

export const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';

export interface CheckCiiOptions {
  /** Check against this profile's XSD instead of the one the document declares (BT-24) */
  profile?: Profile;
  /** Largest document accepted, in bytes (default: the parser's 20 MiB) */
  maxBytes?: number;
  /**
   * Also run the official EXTENDED-CTC-FR asserts judged on the XML (decision 0125). Default: when
   * the document declares EXTENDED-CTC-FR (BT-24)
   */
  extendedCtcFr?: boolean;
}

export interface CheckResult {
  valid: boolean;
  format: 'CII';
  profile: Profile | undefined;
  errors: Finding[];
  warnings: Finding[];
}

let models: Record<Profile, PreparedModel> | undefined;
function modelFor(profile: Profile): PreparedModel {
  if (!models) {
    const data: Record<Profile, StructureData> = JSON.parse(CII_STRUCTURE_DATA);
    models = {
      MINIMUM: prepareModel(data.MINIMUM),
      'BASIC-WL': prepareModel(data['BASIC-WL']),
      BASIC: prepareModel(data.BASIC),
      EN16931: prepareModel(data.EN16931),
      EXTENDED: prepareModel(data.EXTENDED),
    };
  }
  return models[profile];
}

function finding(rule: string, message: string, extra: Partial<Finding> = {}): Finding {
  return { rule, message, path: 'invoice', severity: 'fatal', ...extra };
}

function result(profile: Profile | undefined, findings: Finding[]): CheckResult {
  const errors = findings.filter((f) => f.severity === 'fatal');
  const warnings = findings.filter((f) => f.severity !== 'fatal');
  return { valid: errors.length === 0, format: 'CII', profile, errors, warnings };
}

/** Checks the structure and syntax of a CII invoice. Never throws. */
export function checkCii(xml: string | Uint8Array, options: CheckCiiOptions = {}): CheckResult {
  try {
    return check(xml, options);
  } catch (e) {
    // Defensive: the checks are written not to throw; if one does, say so instead of crashing.
    return result(options.profile, [finding('INTERNAL', `the check could not complete: ${String(e)}`)]);
  }
}

function check(xml: string | Uint8Array, options: CheckCiiOptions): CheckResult {
  const parsed = parseXml(xml, options.maxBytes ? { maxBytes: options.maxBytes } : {});
  if (!parsed.ok) {
    const { code, message, line } = parsed.error;
    return result(options.profile, [
      finding(code, `the document is not well-formed XML: ${message}`, line === undefined ? {} : { line }),
    ]);
  }
  return checkTree(parsed.root, options, undefined);
}

/**
 * checkCii on an already parsed document, for callers that also read it (readAndCheckCii): one
 * parse instead of two. `locations` (readCiiElement's, on the same tree) place the findings without
 * reading the invoice a second time. Never throws.
 */
export function checkCiiElement(
  root: XmlElement,
  options: CheckCiiOptions = {},
  locations?: Locations,
): CheckResult {
  try {
    return checkTree(root, options, locations);
  } catch (e) {
    return result(options.profile, [finding('INTERNAL', `the check could not complete: ${String(e)}`)]);
  }
}

function checkTree(
  root: XmlElement,
  options: CheckCiiOptions,
  locations: Locations | undefined,
): CheckResult {
  const rootProblem = checkRoot(root);
  if (rootProblem) return result(options.profile, [rootProblem]);
  const findings: Finding[] = [];
  const detected = detectProfile(guidelineIdOf(root));
  let profile = options.profile ?? detected.profile;
  if (!profile) {
    profile = 'EN16931';
    findings.push(
      finding('PROFILE', `${detected.reason}; the structure was checked against the EN16931 profile`, {
        severity: 'warning',
        bt: 'BT-24',
      }),
    );
  }
  findings.push(...checkCiiStructureAndSyntax(root, profile));
  if (options.extendedCtcFr ?? declaresExtendedCtcFr(guidelineIdOf(root)))
    findings.push(...checkCiiExtendedCtcFrRules(root));
  withModelPaths(findings, root, locations);
  return result(profile, findings);
}

/** Model paths from the binding's reader; only read when there is something to place */
function withModelPaths(findings: Finding[], root: XmlElement, locations: Locations | undefined): void {
  if (findings.length === 0) return;
  try {
    attachModelPaths(findings, locations ?? locationsOf(readCiiElement(root)));
  } catch {
    // the findings keep the path `invoice`: placing them is a convenience, never a reason to fail
  }
}

/**
 * The Factur-X XSD of the profile, then the EN 16931 syntax rules: checkCii's findings before the
 * EXTENDED-CTC-FR rules. When the structure check finds nothing, the syntax rules skip the "must be
 * absent" paths the profile's XSD rules out (decision 0227): the same findings, less to look for.
 */
export function checkCiiStructureAndSyntax(root: XmlElement, profile: Profile): Finding[] {
  const model = modelFor(profile);
  const findings = validateStructure(model, root, 'CrossIndustryInvoice');
  findings.push(...checkCiiSyntaxRules(root, findings.length === 0 ? model : undefined));
  return findings;
}

/** The Factur-X XSD part of checkCii alone, on an already parsed document (benchmarks, tooling) */
export function checkCiiStructure(root: XmlElement, profile: Profile): Finding[] {
  return validateStructure(modelFor(profile), root, 'CrossIndustryInvoice');
}

function checkRoot(root: XmlElement): Finding | null {
  const at = { xpath: xpathOf(root), line: root.line };
  if (root.local !== 'CrossIndustryInvoice') {
    return finding(
      'ROOT',
      `the root element is ${root.name}; a CII invoice starts with rsm:CrossIndustryInvoice`,
      at,
    );
  }
  if (root.ns !== CII_NS) {
    const actual = root.ns === '' ? 'no namespace' : `the namespace ${root.ns}`;
    return finding('NAMESPACE', `${root.name} is in ${actual}; expected the namespace ${CII_NS}`, at);
  }
  return null;
}

/** BT-24, /rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID */
function guidelineIdOf(root: XmlElement): string | undefined {
  const ctx = root.children.find((c) => c.local === 'ExchangedDocumentContext' && c.ns === CII_NS);
  const param = ctx?.children.find(
    (c) => c.local === 'GuidelineSpecifiedDocumentContextParameter' && c.ns === RAM,
  );
  const id = param?.children.find((c) => c.local === 'ID' && c.ns === RAM);
  return id?.text.trim();
}
