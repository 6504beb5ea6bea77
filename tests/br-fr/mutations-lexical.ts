/**
 * Numbers written with trailing zeros: equal numbers for the model, too many decimals for the
 * official BR-FR-DEC tests, which read the string (source facts keep it, decision 0107).
 */
import type { Mutation } from './mutation-kit.js';

/** Appends `zeros` to the first number matched by `re` (group 1 = everything up to the number's end) */
const pad = (re: RegExp, zeros: string) => (x: string) => {
  if (!re.test(x)) return undefined;
  return x.replace(re, (_m, head: string) => `${head}${head.includes('.') ? '' : '.'}${zeros}`);
};

export const LEXICAL_MUTATIONS: Mutation[] = [
  {
    name: 'line-net-amount-trailing-zero',
    syntax: 'CII',
    targets: ['BR-FR-DEC-01'],
    apply: pad(
      /(<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>-?\d+(?:\.\d+)?)(?=<)/,
      '000',
    ),
  },
  {
    name: 'quantity-trailing-zeros',
    syntax: 'CII',
    targets: ['BR-FR-DEC-02'],
    apply: pad(/(<ram:BilledQuantity[^>]*>-?\d+(?:\.\d+)?)(?=<)/, '00000'),
  },
  {
    name: 'net-price-trailing-zeros',
    syntax: 'CII',
    targets: ['BR-FR-DEC-03'],
    apply: pad(/(<ram:NetPriceProductTradePrice>\s*<ram:ChargeAmount>\d+(?:\.\d+)?)(?=<)/, '0000000'),
  },
  {
    name: 'payable-amount-trailing-zero',
    syntax: 'UBL',
    targets: ['BR-FR-DEC-01'],
    apply: pad(/(<cbc:PayableAmount[^>]*>-?\d+(?:\.\d+)?)(?=<)/, '000'),
  },
  {
    name: 'quantity-trailing-zeros',
    syntax: 'UBL',
    targets: ['BR-FR-DEC-02'],
    apply: pad(/(<cbc:(?:Invoiced|Credited)Quantity[^>]*>-?\d+(?:\.\d+)?)(?=<)/, '00000'),
  },
  {
    name: 'net-price-trailing-zeros',
    syntax: 'UBL',
    targets: ['BR-FR-DEC-03'],
    apply: pad(/(<cac:Price>\s*<cbc:PriceAmount[^>]*>\d+(?:\.\d+)?)(?=<)/, '0000000'),
  },
];
