/**
 * explainCode(code, lang): what any finding code einv emits means — a business rule of the
 * catalogue, an official syntax rule, or one of einv's own codes (finding-codes.ts) — in one shape,
 * for /v1/rules/{code}, the page's explanations and the report (decision 0131).
 */
import { ciiSyntaxRules } from '@einv/cii';
import { getTerm } from '@einv/core-model';
import { EXTENDED_CTC_FR_XML_JUDGED_RULES, getRule, type Lang } from '@einv/rules';
import { ublSyntaxRules } from '@einv/ubl';
import { CDV_PATTERNS, type CdvAssert } from '../cdar/rules.js';
import { syntaxRuleFr } from '../i18n/syntax-rules-fr.js';
import { FINDING_CODES } from './finding-codes.js';

export interface CodeExplanation {
  code: string;
  /** EN16931, BR-FR, FACTUR-X, EINV-ADVISORY for rules; CII-SYNTAX, UBL-SYNTAX; or the area of an own code */
  ruleSet: string;
  family?: string;
  severity?: unknown;
  editionSeverity?: unknown;
  terms: { id: string; name: string | undefined }[];
  lang: Lang;
  checks: string;
  explanation: string;
  fix: string;
}

type SyntaxRule = ReturnType<typeof ciiSyntaxRules>[number];
let syntaxIndex: Map<string, { rule: SyntaxRule; syntax: 'CII' | 'UBL' }> | undefined;
function syntaxRule(code: string) {
  if (!syntaxIndex) {
    syntaxIndex = new Map();
    for (const rule of ciiSyntaxRules()) syntaxIndex.set(rule.id, { rule, syntax: 'CII' });
    for (const rule of ublSyntaxRules()) syntaxIndex.set(rule.id, { rule, syntax: 'UBL' });
  }
  return syntaxIndex.get(code);
}

let cdvIndex: Map<string, CdvAssert[]> | undefined;
/**
 * The BR-FR-CDV asserts of lifecycle status messages by id (findings carry an assert id); a
 * pattern id (BR-FR-CDV-02) stands for all its asserts
 */
function cdvAsserts(): Map<string, CdvAssert[]> {
  if (!cdvIndex) {
    const index = new Map<string, CdvAssert[]>();
    const add = (id: string, a: CdvAssert) => {
      const list = index.get(id) ?? [];
      if (!list.some((x) => x.id === a.id)) list.push(a);
      index.set(id, list);
    };
    for (const p of CDV_PATTERNS)
      for (const r of p.rules)
        for (const a of r.asserts) {
          add(a.id, a);
          if (!getRule(p.id)) add(p.id, a);
        }
    cdvIndex = index;
  }
  return cdvIndex;
}

const CDV_TEXT = {
  en: {
    why: 'An official rule of French lifecycle status messages (CDAR, XP Z12-012 flow 6).',
    fix: 'Correct the status message term the finding names.',
  },
  fr: {
    why: 'Règle officielle des messages de statut du cycle de vie français (CDAR, XP Z12-012 flux 6).',
    fix: 'Corrigez le terme du message de statut désigné par le constat.',
  },
};

function termsOf(ids: readonly string[], lang: Lang) {
  return ids.map((id) => ({ id, name: getTerm(id)?.name[lang] }));
}

const SYNTAX_TEXT = {
  en: {
    why: (syntax: string) =>
      `An official EN 16931 ${syntax} syntax rule (release 1.3.16): it restricts the ${syntax} schema to what EN 16931 allows, so that every receiver reads the same invoice.`,
    fix: 'Remove or correct the element the finding points at (its XPath and line are in the report); the software that wrote the file should be fixed.',
  },
  fr: {
    why: (syntax: string) =>
      `Règle syntaxique officielle ${syntax} de l’EN 16931 (version 1.3.16) : elle restreint le schéma ${syntax} à ce que l’EN 16931 admet, pour que tout destinataire lise la même facture.`,
    fix: 'Retirez ou corrigez l’élément désigné par le constat (XPath et ligne dans le rapport) ; le logiciel qui a écrit le fichier doit être corrigé.',
  },
};

const EXTENDED_TEXT = {
  en: {
    why: 'An official rule of the EXTENDED-CTC-FR profile (FNFE-MPE schematron 1.4.0.03), judged on the document itself: it applies to documents declaring EXTENDED-CTC-FR, in place of the EN 16931 rule it rewrites.',
    fix: 'Correct the element the finding points at (its XPath and line are in the report); the software that wrote the file should be fixed.',
  },
  fr: {
    why: 'Règle officielle du profil EXTENDED-CTC-FR (schématron FNFE-MPE 1.4.0.03), appliquée au document lui-même : elle vaut pour les documents qui déclarent l’EXTENDED-CTC-FR, à la place de la règle EN 16931 qu’elle réécrit.',
    fix: 'Corrigez l’élément désigné par le constat (XPath et ligne dans le rapport) ; le logiciel qui a écrit le fichier doit être corrigé.',
  },
};

/** Severity of an official syntax rule's flag */
const severityOfFlag = (flag: string) => (flag === 'fatal' ? 'fatal' : 'warning');

/** The explanation of `code` in `lang`, or undefined when einv never emits such a code */
export function explainCode(input: string, lang: Lang): CodeExplanation | undefined {
  const code = input.toUpperCase();
  const rule = getRule(code);
  if (rule) {
    return {
      code: rule.id,
      ruleSet: rule.ruleSet,
      family: rule.family,
      severity: rule.severity,
      ...(rule.editionSeverity ? { editionSeverity: rule.editionSeverity } : {}),
      terms: termsOf(rule.terms, lang),
      lang,
      checks: rule.message[lang],
      explanation: rule.explanation[lang],
      fix: rule.fix[lang],
    };
  }
  // official ids with lower-case suffixes (BR-FXEXT-S-08ini): looked up as given, then upper-cased
  const xmlKey = Object.hasOwn(EXTENDED_CTC_FR_XML_JUDGED_RULES, input)
    ? input
    : Object.keys(EXTENDED_CTC_FR_XML_JUDGED_RULES).find((id) => id.toUpperCase() === code);
  const onXml = xmlKey ? EXTENDED_CTC_FR_XML_JUDGED_RULES[xmlKey] : undefined;
  if (xmlKey && onXml) {
    const message = onXml[lang];
    return {
      code: xmlKey,
      ruleSet: 'EXTENDED-CTC-FR',
      severity: severityOfFlag(onXml.flag.CII ?? onXml.flag.UBL ?? 'fatal'),
      terms: termsOf([...new Set<string>(onXml.en.match(/B[TG]-\d+/g) ?? [])], lang),
      lang,
      checks: message.charAt(0).toUpperCase() + message.slice(1),
      explanation: EXTENDED_TEXT[lang].why,
      fix: EXTENDED_TEXT[lang].fix,
    };
  }
  const syntax = syntaxRule(code);
  if (syntax) {
    const { rule: s } = syntax;
    const message = lang === 'fr' ? (syntaxRuleFr(s.id, s.message) ?? s.message) : s.message;
    return {
      code: s.id,
      ruleSet: `${syntax.syntax}-SYNTAX`,
      severity: severityOfFlag(s.flag),
      terms: termsOf([...new Set<string>(s.message.match(/B[TG]-\d+/g) ?? [])], lang),
      lang,
      checks: message.charAt(0).toUpperCase() + message.slice(1),
      explanation: SYNTAX_TEXT[lang].why(syntax.syntax),
      fix: SYNTAX_TEXT[lang].fix,
    };
  }
  const cdvKey = cdvAsserts().has(input) ? input : code;
  const cdv = cdvAsserts().get(cdvKey);
  if (cdv?.[0]) {
    return {
      code: cdvKey,
      ruleSet: 'BR-FR-CDV',
      severity: cdv[0].flag,
      terms: [...new Set(cdv.map((a) => a.term))].map((id) => ({ id, name: undefined })),
      lang,
      checks: cdv.map((a) => a.message[lang]).join('\n'),
      explanation: CDV_TEXT[lang].why,
      fix: CDV_TEXT[lang].fix,
    };
  }
  const own = FINDING_CODES[code];
  if (own) {
    return {
      code,
      ruleSet: own.area.toUpperCase(),
      terms: termsOf(own.terms ?? [], lang),
      lang,
      checks: own.checks[lang],
      explanation: own.explanation[lang],
      fix: own.fix[lang],
    };
  }
  return undefined;
}
