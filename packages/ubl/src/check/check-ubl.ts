/**
 * checkUbl: is this XML a structurally valid UBL 2.1 Invoice or CreditNote? Well-formedness, root
 * element and namespace, the OASIS UBL 2.1 XSD (compiled into generated/structure-model.ts), then
 * the EN 16931 UBL syntax rules (UBL-SR-*, UBL-CR-*, UBL-DT-*). What the /check-xml endpoint answers.
 */
import { declaresExtendedCtcFr, type Finding, type Locations, locationsOf } from '@einv/core-model';
import { parseXml, type XmlElement, xpathOf } from '@einv/xml';
import {
  attachModelPaths,
  type PreparedModel,
  prepareModel,
  type StructureData,
  validateStructure,
} from '@einv/xml-check';
import { readUblElement } from '../read-ubl.js';
import { checkUblExtendedCtcFrRules } from './extended-ctc-fr-rules.js';
import { UBL_STRUCTURE_DATA } from './generated/structure-model.js';
import { checkUblSyntaxRules } from './syntax-rules.js';

export const UBL_INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';
const ROOTS: Record<string, string> = { Invoice: UBL_INVOICE_NS, CreditNote: UBL_CREDIT_NOTE_NS };

export interface CheckUblResult {
  valid: boolean;
  format: 'UBL';
  /** Invoice or CreditNote, when the root element is one of them */
  documentType: 'Invoice' | 'CreditNote' | undefined;
  errors: Finding[];
  warnings: Finding[];
}

let model: PreparedModel | undefined;
function ublModel(): PreparedModel {
  if (!model) {
    const data: StructureData = JSON.parse(UBL_STRUCTURE_DATA);
    model = prepareModel(data);
  }
  return model;
}

function finding(rule: string, message: string, extra: Partial<Finding> = {}): Finding {
  return { rule, message, path: 'invoice', severity: 'fatal', ...extra };
}

function result(documentType: CheckUblResult['documentType'], findings: Finding[]): CheckUblResult {
  const errors = findings.filter((f) => f.severity === 'fatal');
  const warnings = findings.filter((f) => f.severity !== 'fatal');
  return { valid: errors.length === 0, format: 'UBL', documentType, errors, warnings };
}

/** Options of checkUbl */
export interface CheckUblOptions {
  /** Largest document accepted, in bytes (default: the parser's 20 MiB) */
  maxBytes?: number;
  /**
   * Also run the official EXTENDED-CTC-FR asserts judged on the XML (decision 0125). Default: when
   * the document declares EXTENDED-CTC-FR (cbc:CustomizationID, BT-24)
   */
  extendedCtcFr?: boolean;
}

/** Checks the structure and syntax of a UBL invoice or credit note. Never throws. */
export function checkUbl(xml: string | Uint8Array, options: CheckUblOptions = {}): CheckUblResult {
  try {
    return check(xml, options);
  } catch (e) {
    // Defensive: the checks are written not to throw; if one does, say so instead of crashing.
    return result(undefined, [finding('INTERNAL', `the check could not complete: ${String(e)}`)]);
  }
}

function check(xml: string | Uint8Array, options: CheckUblOptions): CheckUblResult {
  const parsed = parseXml(xml, options.maxBytes ? { maxBytes: options.maxBytes } : {});
  if (!parsed.ok) {
    const { code, message, line } = parsed.error;
    return result(undefined, [
      finding(code, `the document is not well-formed XML: ${message}`, line === undefined ? {} : { line }),
    ]);
  }
  return checkUblElement(parsed.root, undefined, options);
}

/**
 * checkUbl on an already parsed document. `locations` (from readUblElement of the same tree) place
 * the findings on model paths; without them the reader runs on the tree when there is a finding.
 */
export function checkUblElement(
  root: XmlElement,
  locations?: Locations,
  options: Pick<CheckUblOptions, 'extendedCtcFr'> = {},
): CheckUblResult {
  try {
    const rootProblem = checkRoot(root);
    if (rootProblem) return result(undefined, [rootProblem]);
    const documentType = root.local === 'Invoice' ? 'Invoice' : 'CreditNote';
    const findings = validateStructure(ublModel(), root, documentType);
    findings.push(...checkUblSyntaxRules(root));
    if (options.extendedCtcFr ?? declaresExtendedCtcFr(customizationIdOf(root)))
      findings.push(...checkUblExtendedCtcFrRules(root));
    if (findings.length > 0) {
      try {
        attachModelPaths(findings, locations ?? locationsOf(readUblElement(root)));
      } catch {
        // the findings keep the path `invoice`
      }
    }
    return result(documentType, findings);
  } catch (e) {
    return result(undefined, [finding('INTERNAL', `the check could not complete: ${String(e)}`)]);
  }
}

/** The UBL 2.1 XSD part of checkUbl alone, on an already parsed document (benchmarks, tooling) */
export function checkUblStructure(root: XmlElement): Finding[] {
  return validateStructure(ublModel(), root, root.local === 'CreditNote' ? 'CreditNote' : 'Invoice');
}

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

/** BT-24, cbc:CustomizationID */
function customizationIdOf(root: XmlElement): string | undefined {
  return root.children.find((c) => c.local === 'CustomizationID' && c.ns === CBC)?.text.trim();
}

function checkRoot(root: XmlElement): Finding | null {
  const at = { xpath: xpathOf(root), line: root.line };
  const expectedNs = ROOTS[root.local];
  if (expectedNs === undefined) {
    return finding(
      'ROOT',
      `the root element is ${root.name}; a UBL invoice starts with Invoice or CreditNote`,
      at,
    );
  }
  if (root.ns !== expectedNs) {
    const actual = root.ns === '' ? 'no namespace' : `the namespace ${root.ns}`;
    return finding('NAMESPACE', `${root.name} is in ${actual}; expected the namespace ${expectedNs}`, at);
  }
  return null;
}
