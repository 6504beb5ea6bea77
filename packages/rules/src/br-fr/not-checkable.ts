/**
 * Official BR-FR rules (1.4.0.03) that einv does not run, because they read data the Invoice
 * model does not hold. Empty since the EXTENDED-CTC-FR line structure is in the model
 * (Line.frenchCtc, docs/decisions/0110-french-line-extension.md). A test keeps this list, the
 * implemented rules and the official inventory in step.
 */
export const NOT_CHECKABLE_ON_MODEL: Readonly<Record<string, string>> = {};
