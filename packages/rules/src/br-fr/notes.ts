/**
 * Mandatory French notes: payment mentions PMT/PMD/AAB (BR-FR-05, -06), the expected processing
 * "BAR" note (BR-FR-20, -31) and the VAT-group member note TXD (BR-FR-CO-14). CII carries the
 * subject code (BT-21); UBL has none and writes "#CODE#text", so in UBL the official rules read the
 * concatenated note text, and so do we.
 */
import type { Invoice } from '@einv/core-model';
import type { RuleContext, RuleDefinition } from '../define.js';
import {
  BAR_TREATMENTS,
  countOccurrences,
  frRule,
  normalizeSpace,
  subjectNotes,
  t,
  ublFirstValue,
  ublJoinedNotes,
  ublNoteSeparator,
  ublNoteText,
} from './common.js';

const PAYMENT_MENTIONS = ['PMT', 'PMD', 'AAB'] as const;

function countSubject(invoice: Invoice, ctx: RuleContext, code: string): number {
  if (ctx.syntax === 'UBL')
    return countOccurrences(ublJoinedNotes(invoice, ublNoteSeparator(ctx)), `#${code}#`);
  return subjectNotes(invoice, ctx.syntax).filter((n) => n.subject === code).length;
}

export const noteRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-05',
    family: 'FR',
    terms: ['BT-22', 'BT-21'],
    message: t(
      'A mandatory payment mention (PMT, PMD or AAB note) is missing',
      'Une mention de paiement obligatoire (note PMT, PMD ou AAB) manque',
    ),
    explanation: t(
      'French commercial law requires three mentions on B2B invoices, carried as notes: PMT the fixed 40 EUR recovery indemnity, PMD the late-payment penalties, AAB the early-payment discount (or that there is none).',
      'Le Code de commerce impose trois mentions sur les factures B2B, portées par des notes : PMT l’indemnité forfaitaire de 40 EUR pour frais de recouvrement, PMD les pénalités de retard, AAB l’escompte (ou son absence).',
    ),
    fix: t(
      'Add a note with subject code PMT, PMD or AAB (in UBL, a note starting with #PMT#, #PMD# or #AAB#).',
      'Ajoutez une note de code sujet PMT, PMD ou AAB (en UBL, une note commençant par #PMT#, #PMD# ou #AAB#).',
    ),
    check(invoice, report, ctx) {
      for (const code of PAYMENT_MENTIONS) {
        if (countSubject(invoice, ctx, code) === 0) report('invoice.notes', { value: code, bt: 'BT-22' });
      }
    },
  }),
  frRule({
    id: 'BR-FR-06',
    family: 'FR',
    terms: ['BT-21'],
    message: t(
      'A PMT, PMD, AAB or TXD note appears more than once',
      'Une note PMT, PMD, AAB ou TXD apparaît plusieurs fois',
    ),
    explanation: t(
      'Each of the subject codes PMT, PMD, AAB and TXD may be used by one note only.',
      'Chacun des codes sujet PMT, PMD, AAB et TXD ne peut être utilisé que par une seule note.',
    ),
    fix: t(
      'Merge the notes that share the same subject code.',
      'Fusionnez les notes qui partagent le même code sujet.',
    ),
    check(invoice, report, ctx) {
      for (const code of [...PAYMENT_MENTIONS, 'TXD']) {
        if (countSubject(invoice, ctx, code) > 1) report('invoice.notes', { value: code });
      }
    },
  }),
  frRule({
    id: 'BR-FR-20',
    family: 'FR',
    terms: ['BT-21', 'BT-22'],
    message: t(
      'Expected-processing (BAR) note has a value outside the French list',
      'La note de traitement attendu (BAR) a une valeur hors de la liste française',
    ),
    explanation: t(
      'A note with subject code BAR tells the platforms how to process the invoice; its text must be B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE or ARCHIVEONLY.',
      'Une note de code sujet BAR indique aux plateformes le traitement attendu ; son texte doit être B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE ou ARCHIVEONLY.',
    ),
    fix: t(
      'Write exactly one of the listed values as the BAR note text.',
      'Écrivez exactement l’une des valeurs de la liste comme texte de la note BAR.',
    ),
    check(invoice, report, ctx) {
      if (ctx.syntax === 'UBL') {
        const v = ublFirstValue(invoice, 'BAR', ublNoteSeparator(ctx));
        if (v !== '' && !BAR_TREATMENTS.has(v)) report('invoice.notes', { value: v });
        return;
      }
      for (const n of subjectNotes(invoice, ctx.syntax)) {
        if (n.subject === 'BAR' && !BAR_TREATMENTS.has(n.content))
          report(`invoice.notes[${n.index}].text`, { value: n.content });
      }
    },
  }),
  frRule({
    id: 'BR-FR-31',
    family: 'FR',
    terms: ['BT-21', 'BT-22'],
    message: t(
      'More than one expected-processing (BAR) value',
      'Plus d’une valeur de traitement attendu (BAR)',
    ),
    explanation: t(
      'An invoice states one expected processing only: at most one BAR note with a value of the list.',
      'Une facture n’indique qu’un seul traitement attendu : au plus une note BAR avec une valeur de la liste.',
    ),
    fix: t('Keep a single BAR note.', 'Ne gardez qu’une seule note BAR.'),
    check(invoice, report, ctx) {
      let count: number;
      if (ctx.syntax === 'UBL') {
        const bar = `${(invoice.notes ?? [])
          .map(ublNoteText)
          .filter((n) => n.includes('#BAR#'))
          .join('')}#`;
        count = [...BAR_TREATMENTS].reduce((sum, v) => sum + countOccurrences(bar, `BAR#${v}#`), 0);
      } else {
        count = subjectNotes(invoice, ctx.syntax).filter(
          (n) => n.subject === 'BAR' && BAR_TREATMENTS.has(normalizeSpace(n.content)),
        ).length;
      }
      if (count > 1) report('invoice.notes', { value: count });
    },
  }),
  frRule({
    id: 'BR-FR-CO-14',
    family: 'CO',
    terms: ['BT-29-1', 'BT-21', 'BT-22'],
    message: t(
      'VAT-group member without the TXD note MEMBRE_ASSUJETTI_UNIQUE',
      'Membre d’un assujetti unique sans la note TXD MEMBRE_ASSUJETTI_UNIQUE',
    ),
    explanation: t(
      'A seller identified with scheme 0231 belongs to a VAT group ("assujetti unique"); the invoice must say so with a TXD note whose text is MEMBRE_ASSUJETTI_UNIQUE.',
      'Un vendeur identifié avec le schéma 0231 est membre d’un assujetti unique ; la facture doit l’indiquer par une note TXD dont le texte est MEMBRE_ASSUJETTI_UNIQUE.',
    ),
    fix: t(
      'Add a note with subject code TXD and text MEMBRE_ASSUJETTI_UNIQUE.',
      'Ajoutez une note de code sujet TXD et de texte MEMBRE_ASSUJETTI_UNIQUE.',
    ),
    check(invoice, report, ctx) {
      const isMember = (invoice.seller?.identifiers ?? []).some((i) => i.scheme === '0231');
      if (!isMember) return;
      const has =
        ctx.syntax === 'UBL'
          ? ublFirstValue(invoice, 'TXD', ublNoteSeparator(ctx)) === 'MEMBRE_ASSUJETTI_UNIQUE'
          : subjectNotes(invoice, ctx.syntax).some(
              (n) => n.subject === 'TXD' && n.content === 'MEMBRE_ASSUJETTI_UNIQUE',
            );
      if (!has) report('invoice.notes', { bt: 'BT-22' });
    },
  }),
];
