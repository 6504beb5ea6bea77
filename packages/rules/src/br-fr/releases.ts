/**
 * What changed in the official BR-FR text between the releases einv runs, and how our rules follow
 * it (RuleContext.frenchVersion). Rendered into docs/rules.md; source:
 * ../shared/br-fr/schematron-1.4.0.04/README.md and a diff of the 1.4.0.03 and 1.4.0.04 schematrons.
 */
export interface ReleaseChange {
  rules: string;
  syntax: 'CII' | 'UBL' | 'CII, UBL';
  change: string;
  /** How einv follows it */
  einv: string;
}

export const FIX04_CHANGES: readonly ReleaseChange[] = [
  {
    rules: 'BR-FR-05, -06, -11, -20, -21, -22, CO-14',
    syntax: 'UBL',
    change:
      "notes joined with '#' instead of '' before searching #CODE#: a note written PMD#… without its leading '#' now counts, and a note without subject after the BAR note no longer lengthens its value",
    einv: 'ublNoteSeparator(ctx) gives the separator per release; the first #CODE# value is read from all notes joined, as officially',
  },
  {
    rules: 'BR-FR-22',
    syntax: 'UBL',
    change: "applies to B2B only (not($treatment='B2B')), as in CII; 1.4.0.03 applied it for any BAR value",
    einv: 'B2B only in 1.4.0.04, any BAR value before',
  },
  {
    rules: 'BR-FR-CO-07',
    syntax: 'UBL',
    change:
      'due date read from cbc:DueDate | cac:PaymentMeans/cbc:PaymentDueDate (a CreditNote has only the latter)',
    einv: 'a UBL CreditNote due date is judged from 1.4.0.04 on (source facts give the root)',
  },
  {
    rules: 'BR-FR-CO-07',
    syntax: 'CII',
    change: 'every due date is checked; several SpecifiedTradePaymentTerms stop 1.4.0.03 with XPTY0004',
    einv: 'every due date of the payment schedule (invoice.paymentSchedule, decision 0089) is judged, in every release; in UBL only BT-9, as the official UBL set reads (decision 0127)',
  },
  {
    rules: 'BR-FR-MV-10',
    syntax: 'CII, UBL',
    change: 'the tolerance counts the GROUP sub-lines as well as the DETAIL ones',
    einv: 'DETAIL and GROUP children counted in 1.4.0.04, DETAIL only before',
  },
  {
    rules: 'BR-FR-03 (dates), CO-09, MV-05, MV-09, MV-10',
    syntax: 'CII, UBL',
    change: 'xs:decimal() instead of number() in the arithmetic',
    einv: 'no change: our rules compute in decimal in every release',
  },
  {
    rules: 'BR-FR-08, -11, -20, CDV-15',
    syntax: 'CII, UBL',
    change:
      'message texts only (BR-FR-08 shows cbc:ProfileID, BR-FR-11 adds the BAR value, BR-FR-20 lists B2CINT)',
    einv: 'no change: our messages are our own',
  },
];
