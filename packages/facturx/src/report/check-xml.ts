/**
 * checkXml: the structure and syntax check of any invoice XML, CII or UBL, chosen by its root element.
 * What both services answer for "is this XML well-formed and structurally right" (/check-xml, and the
 * structure part of /v1/validate).
 */
import { checkCii } from '@einv/cii';
import type { Finding, Profile } from '@einv/core-model';
import { checkUbl } from '@einv/ubl';
import { parseXml } from '@einv/xml';
import { sniffXmlSyntax, xmlHead } from '../detect.js';
import type { Lang } from '../findings.js';
import { localizeFindings } from '../i18n/localize.js';

export interface CheckXmlResult {
  valid: boolean;
  format: 'CII' | 'UBL' | undefined;
  profile?: Profile | undefined;
  errors: Finding[];
  warnings: Finding[];
}

export interface CheckXmlOptions {
  profile?: Profile;
  /** Language of the messages (default en) */
  lang?: Lang;
}

export function checkXml(input: string | Uint8Array, options: CheckXmlOptions = {}): CheckXmlResult {
  const result = checkXmlEnglish(input, options.profile ? { profile: options.profile } : {});
  const lang = options.lang ?? 'en';
  if (lang === 'en') return result;
  return {
    ...result,
    errors: localizeFindings(result.errors, lang),
    warnings: localizeFindings(result.warnings, lang),
  };
}

function checkXmlEnglish(input: string | Uint8Array, options: { profile?: Profile }): CheckXmlResult {
  // the root element is in the head: no need to decode the whole document before the parser does
  const syntax = sniffXmlSyntax(xmlHead(input));
  if (syntax === 'CII') return checkCii(input, options);
  if (syntax === 'UBL') return checkUbl(input);
  // Neither: say why, with the parser's own words and position when it is not even XML.
  const parsed = parseXml(input);
  const error: Finding = parsed.ok
    ? {
        rule: 'ROOT',
        message: `The root element is <${parsed.root.name}> (namespace "${parsed.root.ns}"); expected rsm:CrossIndustryInvoice (CII) or a UBL 2.1 Invoice or CreditNote.`,
        path: 'invoice',
        severity: 'fatal',
        xpath: `/${parsed.root.name}`,
        line: parsed.root.line,
      }
    : {
        rule: parsed.error.code,
        message: parsed.error.message,
        path: 'invoice',
        severity: 'fatal',
        ...(parsed.error.line !== undefined ? { line: parsed.error.line } : {}),
      };
  return { valid: false, format: undefined, errors: [error], warnings: [] };
}
