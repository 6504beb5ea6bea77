/**
 * The shape of the CII binding table: one entry per business term (a field) or per group of terms
 * (BG-x), each saying where it lives in CII relative to its group's element. The reader, the writer
 * and docs/bindings.md all interpret the same entries, so a path is written exactly once.
 *
 * Path syntax (a tiny XPath subset, compiled once by path.ts):
 *   step        = qname [ '[' test ']' ]        e.g. ram:SpecifiedTaxRegistration[ram:ID/@schemeID='VA']
 *   test        = relpath ('=' | '!=') 'value' | relpath ('=' | '!=') $variable
 *   path        = step ('/' step)* ['/@' attr]   the last step may be an attribute
 * A test with '=' is also what the writer writes to create the element (the discriminator).
 * Variables: $currency (BT-5) and $taxCurrency (BT-6).
 */

/** How a value is converted between the model and the XML text */
export type ValueType =
  /** string, trimmed on reading */
  | 'text'
  /** YYYY-MM-DD in the model, YYYYMMDD with format="102" in CII (the path ends at the DateTimeString element) */
  | 'date'
  /** monetary amount: number in the model, at least 2 decimals in CII */
  | 'amount'
  /** unit price: number in the model, at least 2 decimals, more as given */
  | 'price'
  /** quantity: number in the model, written as given */
  | 'quantity'
  /** percentage or VAT rate: number in the model, at least 2 decimals */
  | 'percent';

export interface FieldBinding {
  kind: 'field';
  /** Business term, e.g. BT-1 (BT-29-1 for a scheme identifier) */
  bt: string;
  /** Dotted model path relative to the group's model object, e.g. `address.city` */
  key: string;
  /** CII path relative to the group's element */
  path: string;
  type: ValueType;
  /** Attributes written on the leaf element with the value, e.g. currencyID="$currency" */
  writeAttrs?: Record<string, string>;
  /** Text values: the text the writer puts in the XML for the model's value (a code of the other syntax) */
  writeText?: (text: string) => string;
  /** Writes this binding only when true (alternatives sharing one key, e.g. IBANID / ProprietaryID) */
  writeWhen?: (value: unknown, context: Record<string, unknown>) => boolean;
  /**
   * An alternative place of a term read first elsewhere: a second, different value here is kept
   * under this key (an EXTENDED detail beside the EN 16931 term) instead of being reported as given
   * twice, and the writer writes that key's value here when writeWhen keeps the term away (decision 0126)
   */
  alsoKey?: string;
  /** Said in docs/bindings.md */
  note?: string;
}

export interface GroupBinding {
  kind: 'group';
  /** Business group, e.g. BG-4 ('' for a purely structural group) */
  bg: string;
  /** Model key of the group relative to the parent's model object; '' = the parent object itself */
  key: string;
  /** CII path of the group's element relative to the parent's element */
  path: string;
  /** true: the model holds an array and each item is one element (repeatable group) */
  many: boolean;
  entries: Binding[];
  /**
   * Elements the writer adds to every instance (e.g. ram:TypeCode VAT); the reader accepts them.
   * With `otherwise`, the reader records at that model key the text found when it is not the value
   * ('' when the element is missing but its parent is there): a tax category of another scheme.
   */
  constants?: { path: string; value: string; otherwise?: string }[];
  /** For repeatable groups sharing one model array: which items this binding writes */
  select?: (item: Record<string, unknown>) => boolean;
  /**
   * For a single model object spread over several CII elements (payment means): the model array
   * whose items each get their own element; the other entries are repeated in every element.
   */
  split?: string;
  /**
   * The reader keeps {} for an element present without any mapped content (an empty period: the
   * official rules test its existence); other groups are left out when empty.
   */
  keepEmpty?: boolean;
  note?: string;
}

export type Binding = FieldBinding | GroupBinding;

export function field(
  bt: string,
  key: string,
  path: string,
  type: ValueType = 'text',
  extra: Partial<Pick<FieldBinding, 'writeAttrs' | 'writeWhen' | 'writeText' | 'alsoKey' | 'note'>> = {},
): FieldBinding {
  return { kind: 'field', bt, key, path, type, ...extra };
}

export function group(
  bg: string,
  key: string,
  path: string,
  entries: Binding[],
  extra: Partial<Pick<GroupBinding, 'constants' | 'select' | 'keepEmpty' | 'note'>> = {},
): GroupBinding {
  return { kind: 'group', bg, key, path, many: false, entries, ...extra };
}

export function repeated(
  bg: string,
  key: string,
  path: string,
  entries: Binding[],
  extra: Partial<Pick<GroupBinding, 'constants' | 'select' | 'note'>> = {},
): GroupBinding {
  return { kind: 'group', bg, key, path, many: true, entries, ...extra };
}
