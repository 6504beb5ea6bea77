// The BR-FR multi-vendor / bidirectional rules (decision 0110) on large invoices: BR-FR (standard
// edition) on an S8 invoice of N sub-invoices × 9 DETAIL lines, beside the same lines under S1
// (where the MV / BD rules have nothing to check), measured in the same run. The ratio shows what
// the line-structure rules cost; constant per line when N grows = linear. Run the build first.
//   node bench/multi-vendor.bench.mjs
import { validate } from '../packages/rules/dist/index.js';
import { measure, printTable } from './lib.mjs';

function invoice(groups, framework) {
  const lines = [];
  const vatBreakdown = [];
  for (let g = 0; g < groups; g++) {
    const afl = g === 0 ? 'F2026-001' : `S${g}-F2026-001`;
    const seller = { legalId: { id: g === 0 ? '100000009' : String(300000000 + g), scheme: '0002' } };
    lines.push({
      id: `G${g}`,
      description: `Sous-facture ${g}`,
      netAmount: 900,
      frenchCtc: {
        subType: 'GROUP',
        seller: { ...seller, name: `Vendeur ${g}`, country: 'FR' },
        vatTotal: 180,
        subInvoiceNumber: afl,
        subInvoiceFramework: 'S1',
      },
    });
    for (let d = 0; d < 9; d++)
      lines.push({
        id: `G${g}-${d}`,
        description: 'Prestation',
        quantity: 1,
        unitCode: 'C62',
        unitPrice: 100,
        netAmount: 100,
        vatCategory: 'S',
        vatRate: 20,
        vatExemptionReason: `#${afl}#`,
        frenchCtc: { subType: 'DETAIL', parentLineId: `G${g}`, seller, subInvoiceNumber: afl },
      });
    vatBreakdown.push({
      taxableAmount: 900,
      taxAmount: 180,
      category: 'S',
      rate: 20,
      exemptionReason: `#${afl}#`,
    });
  }
  return {
    number: 'F2026-001',
    issueDate: '2026-09-15',
    typeCode: '380',
    currency: 'EUR',
    dueDate: '2026-10-15',
    businessProcessType: framework,
    notes: [
      { subjectCode: 'PMT', text: 'Indemnité forfaitaire : 40 €' },
      { subjectCode: 'PMD', text: 'Pénalités : 3 fois le taux légal' },
      { subjectCode: 'AAB', text: 'Pas d’escompte' },
      { subjectCode: 'BAR', text: 'B2B' },
    ],
    seller: {
      name: 'Vendeur SARL',
      siret: '10000000900017',
      legalRegistrationId: { id: '100000009', scheme: '0002' },
      vatNumber: 'FR88100000009',
      electronicAddress: { id: '100000009', scheme: '0225' },
      address: { city: 'Paris', postalCode: '75002', country: 'FR' },
    },
    buyer: {
      name: 'Acheteur SA',
      legalRegistrationId: { id: '200000008', scheme: '0002' },
      electronicAddress: { id: '200000008', scheme: '0225' },
      address: { city: 'Lyon', postalCode: '69001', country: 'FR' },
    },
    lines,
    vatBreakdown,
  };
}

const rows = [];
for (const groups of [10, 100, 1000]) {
  const opts = { syntax: 'CII', ruleSets: ['BR-FR'], frenchEdition: 'standard' };
  const mv = invoice(groups, 'S8');
  const plain = invoice(groups, 'S1');
  const result = validate(mv, opts);
  const mvFindings = [...result.errors, ...result.warnings].filter((f) =>
    /BR-FR-(MV|BD)/.test(f.rule),
  ).length;
  // the same invoice with one sub-invoice number repeated: the rules do run and report
  const broken = invoice(groups, 'S8');
  broken.lines[broken.lines.length - 10].frenchCtc.subInvoiceNumber = 'F2026-001';
  const brokenResult = validate(broken, opts);
  const brokenIds = new Set(brokenResult.errors.map((f) => f.rule).filter((r) => /BR-FR-(MV|BD)/.test(r)));
  const runs = groups >= 1000 ? 20 : 100;
  const s8 = measure(() => validate(mv, opts), { warmup: 5, runs }).median;
  const s1 = measure(() => validate(plain, opts), { warmup: 5, runs }).median;
  rows.push({
    lines: groups * 10,
    'BR-FR on S8 ms': s8,
    'BR-FR on S1 ms': s1,
    'S8 / S1': s8 / s1,
    'S8 µs per line': (1000 * s8) / (groups * 10),
    'MV/BD findings': mvFindings,
    'on a repeated AFL': [...brokenIds].join(' '),
  });
}
printTable('BR-FR multi-vendor rules on large invoices (JSON model, CII semantics)', rows);
