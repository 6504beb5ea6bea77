/**
 * Official BR-FR rules (1.4.0.03) that einv does not run, because they read data the Invoice
 * model does not hold: the EXTENDED-CTC-FR line structure of multi-vendor / bidirectional
 * invoices. A test keeps this list, the implemented rules and the official inventory in step.
 */
export const NOT_CHECKABLE_ON_MODEL: Readonly<Record<string, string>> = {
  'BR-FR-MV-01': 'line sub-type (EXT-FR-FE-163) is not in the model',
  'BR-FR-MV-02': 'GROUP lines and parent lines (EXT-FR-FE-162/163) are not in the model',
  'BR-FR-BD-02': 'GROUP lines and line seller legal id (EXT-FR-FE-167) are not in the model',
  'BR-FR-MV-03':
    'line seller, line VAT totals and line AFL/AVV references (EXT-FR-FE-164…182) are not in the model',
  'BR-FR-MV-05': 'GROUP / child line amounts need the parent line id (EXT-FR-FE-162)',
  'BR-FR-MV-06': 'line seller legal id (EXT-FR-FE-167) is not in the model',
  'BR-FR-MV-07': 'line AFL sub-invoice number per parent line needs EXT-FR-FE-162',
  'BR-FR-MV-08': 'DETAIL sub-lines (EXT-FR-FE-163) are not in the model',
  'BR-FR-MV-09': 'line VAT total (EXT-FR-FE-181) is not in the model',
  'BR-FR-MV-10': 'line total with VAT (EXT-FR-FE-184) is not in the model',
  'BR-FR-MV-11': 'GROUP lines of the main seller need the line seller legal id',
  'BR-FR-MV-12': 'GROUP lines (EXT-FR-FE-163) are not in the model',
  'BR-FR-MV-14': 'line-level preceding invoice (EXT-FR-FE-136/138) is not in the model',
  'BR-FR-BD-14': 'line-level preceding invoice (EXT-FR-FE-136/138) is not in the model',
};
