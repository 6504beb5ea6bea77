/**
 * Mutations aimed at what changed between BR-FR 1.4.0.03 and 1.4.0.04 ("fix04",
 * ../shared/br-fr/schematron-1.4.0.04/README.md): each makes the two official releases disagree, so
 * the differential proves that our rules follow each release. `targets` are the rules the 1.4.0.03
 * set fires (the mutation-target test runs that set); 1.4.0.04-only effects are in the comments.
 */
import { chain, type Mutation, sub } from './mutation-kit.js';

export const FIX04_MUTATIONS: Mutation[] = [
  {
    // notes joined with '' (1.4.0.03) miss a "PMD#…" note written without its leading '#';
    // joined with '#' (1.4.0.04) they find it
    name: 'fix04-ubl-pmd-without-leading-hash',
    syntax: 'UBL',
    targets: ['BR-FR-05'],
    apply: (x) => sub(x, /<cbc:Note>#PMD#/, '<cbc:Note>PMD#'),
  },
  {
    // a free note right after the BAR note: 1.4.0.03 reads "B2B<free text>" as the BAR value
    // (BR-FR-20), 1.4.0.04 stops at the '#' it now joins with
    name: 'fix04-ubl-free-note-after-bar',
    syntax: 'UBL',
    targets: ['BR-FR-20'],
    apply: chain(
      (x) => (x.includes('#BAR#') ? x : sub(x, /(<cbc:Note>#PMT#)/, '<cbc:Note>#BAR#B2B</cbc:Note>$1')),
      (x) =>
        sub(x, /(<cbc:Note>#BAR#[^<]*<\/cbc:Note>)/, '$1<cbc:Note>Texte libre sans code sujet</cbc:Note>'),
    ),
  },
  {
    // self-billed B2C invoice whose seller address is not built on its SIREN: UBL 1.4.0.03 applies
    // BR-FR-22 for any BAR value, 1.4.0.04 for B2B only
    name: 'fix04-ubl-self-billed-b2c',
    syntax: 'UBL',
    root: 'Invoice',
    targets: ['BR-FR-22'],
    apply: chain(
      (x) => sub(x, /(<cbc:InvoiceTypeCode>)[^<]*/, '$1389'),
      (x) =>
        x.includes('#BAR#')
          ? sub(x, /<cbc:Note>#BAR#[^<]*/, '<cbc:Note>#BAR#B2C')
          : sub(x, /(<cbc:Note>#PMT#)/, '<cbc:Note>#BAR#B2C</cbc:Note>$1'),
      (x) =>
        sub(
          x,
          /(<cac:AccountingSupplierParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
          '$1<cbc:EndpointID schemeID="0225">999999999</cbc:EndpointID>',
        ),
    ),
  },
  {
    // a credit note due before its issue date: 1.4.0.03 reads cbc:DueDate only (absent from a
    // CreditNote), 1.4.0.04 also cac:PaymentMeans/cbc:PaymentDueDate and fires BR-FR-CO-07
    name: 'fix04-ubl-credit-note-due-before-issue',
    syntax: 'UBL',
    root: 'CreditNote',
    targets: [],
    apply: (x) => sub(x, /(<cbc:PaymentDueDate>)[^<]*/, '$12020-01-01'),
  },
];
