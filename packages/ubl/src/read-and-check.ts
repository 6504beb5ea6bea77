/**
 * readAndCheckUbl: read the invoice and check the structure of the same UBL bytes with one parse,
 * as readAndCheckCii does for CII (decision 0105). A validator needs both: the model for the rules,
 * the structure findings for the report; the check reuses the reader's locations for its paths.
 */
import { locationsOf } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { type CheckUblResult, checkUbl, checkUblElement } from './check/check-ubl.js';
import { type ReadUblResult, readUbl, readUblElement } from './read-ubl.js';

export interface ReadAndCheckUblResult {
  /** What readUbl returns for the same input */
  read: ReadUblResult;
  /** What checkUbl returns for the same input */
  check: CheckUblResult;
}

/** Options of readAndCheckUbl */
export interface ReadAndCheckUblOptions {
  /** Largest document accepted, in bytes (default: the parser's 20 MiB; the services keep it) */
  maxBytes?: number;
  /** Run the EXTENDED-CTC-FR asserts judged on the XML (default: when the document declares it) */
  extendedCtcFr?: boolean;
}

export function readAndCheckUbl(
  xml: string | Uint8Array,
  options: ReadAndCheckUblOptions = {},
): ReadAndCheckUblResult {
  const limit = options.maxBytes ? { maxBytes: options.maxBytes } : {};
  const extended = options.extendedCtcFr !== undefined ? { extendedCtcFr: options.extendedCtcFr } : {};
  const parsed = parseXml(xml, limit);
  // Not well-formed: both report it in their own words (cheap, the parser stops at the error)
  if (!parsed.ok) return { read: readUbl(xml, limit), check: checkUbl(xml, { ...limit, ...extended }) };
  const read = readUblElement(parsed.root);
  return { read, check: checkUblElement(parsed.root, locationsOf(read), extended) };
}
