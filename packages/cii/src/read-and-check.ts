/**
 * readAndCheckCii: read the invoice and check the structure of the same CII bytes with one parse.
 * readCii and checkCii each parse the document; a validator that needs both (the model for the
 * rules, the structure findings for the report) paid for two parses, the larger part of the cost on
 * typical invoices. Here the tree is parsed once, read by readCiiElement and checked by
 * checkCiiElement, which also reuses the reader's source locations to place its findings.
 */
import { locationsOf, type Profile } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { type CheckCiiOptions, type CheckResult, checkCii, checkCiiElement } from './check/check-cii.js';
import { type ReadCiiResult, readCii, readCiiElement } from './read.js';

export interface ReadAndCheckCiiOptions {
  /**
   * The profile whose structure is checked. Default: the profile the reader found in BT-24 (reader
   * and check then agree), else what checkCii detects (which warns when it can detect none).
   */
  profile?: Profile;
  /** Largest document accepted, in bytes (default: the parser's 20 MiB; the services keep it) */
  maxBytes?: number;
  /** Run the EXTENDED-CTC-FR asserts judged on the XML (default: when the document declares it) */
  extendedCtcFr?: boolean;
}

export interface ReadAndCheckCiiResult {
  /** What readCii returns for the same input */
  read: ReadCiiResult;
  /** What checkCii returns for the same input and the profile above */
  check: CheckResult;
}

export function readAndCheckCii(
  xml: string | Uint8Array,
  options: ReadAndCheckCiiOptions = {},
): ReadAndCheckCiiResult {
  const limit = options.maxBytes ? { maxBytes: options.maxBytes } : {};
  const parsed = parseXml(xml, limit);
  if (!parsed.ok) {
    // Not well-formed: both report it in their own words (cheap, the parser stops at the error).
    const read = readCii(xml, limit);
    return {
      read,
      check: checkCii(xml, { ...checkOptions(options.profile ?? read.profile, options), ...limit }),
    };
  }
  let read: ReadCiiResult;
  try {
    read = readCiiElement(parsed.root);
  } catch {
    // readCii's own guard turns the exception into a finding
    read = readCii(xml, limit);
  }
  const profile = options.profile ?? read.profile;
  return { read, check: checkCiiElement(parsed.root, checkOptions(profile, options), locationsOf(read)) };
}

function checkOptions(profile: Profile | undefined, options: ReadAndCheckCiiOptions): CheckCiiOptions {
  return {
    ...(profile ? { profile } : {}),
    ...(options.extendedCtcFr !== undefined ? { extendedCtcFr: options.extendedCtcFr } : {}),
  };
}
