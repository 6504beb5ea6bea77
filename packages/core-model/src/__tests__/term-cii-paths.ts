/**
 * Where each business term sits in Factur-X CII, as element steps from rsm:CrossIndustryInvoice
 * (namespace prefixes and predicates left out; `@x` for an attribute). Test-only evidence: the
 * profile availability of the term catalogue is derived from it and the Factur-X XSDs. The CII
 * binding (@einv/cii) owns the full read/write table; this is the minimal path to one element.
 * Groups (BG) are available where any of their own terms is.
 */
const T = 'SupplyChainTradeTransaction';
const A = `${T}/ApplicableHeaderTradeAgreement`;
const D = `${T}/ApplicableHeaderTradeDelivery`;
const S = `${T}/ApplicableHeaderTradeSettlement`;
const L = `${T}/IncludedSupplyChainTradeLineItem`;
const LA = `${L}/SpecifiedLineTradeAgreement`;
const LS = `${L}/SpecifiedLineTradeSettlement`;
const P = `${L}/SpecifiedTradeProduct`;

function party(base: string, t: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [bt, rel] of Object.entries(t)) out[bt] = `${base}/${rel}`;
  return out;
}

function address(
  base: string,
  ids: [string, string, string, string, string, string, string],
): Record<string, string> {
  const rel = [
    'LineOne',
    'LineTwo',
    'LineThree',
    'CityName',
    'PostcodeCode',
    'CountrySubDivisionName',
    'CountryID',
  ];
  const out: Record<string, string> = {};
  ids.forEach((bt, i) => {
    out[bt] = `${base}/PostalTradeAddress/${rel[i]}`;
  });
  return out;
}

export const TERM_CII_PATHS: Record<string, string> = {
  'BT-1': 'ExchangedDocument/ID',
  'BT-2': 'ExchangedDocument/IssueDateTime/DateTimeString',
  'BT-3': 'ExchangedDocument/TypeCode',
  'BT-5': `${S}/InvoiceCurrencyCode`,
  'BT-6': `${S}/TaxCurrencyCode`,
  'BT-7': `${S}/ApplicableTradeTax/TaxPointDate/DateString`,
  'BT-8': `${S}/ApplicableTradeTax/DueDateTypeCode`,
  'BT-9': `${S}/SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString`,
  'BT-10': `${A}/BuyerReference`,
  'BT-11': `${A}/SpecifiedProcuringProject/ID`,
  'BT-12': `${A}/ContractReferencedDocument/IssuerAssignedID`,
  'BT-13': `${A}/BuyerOrderReferencedDocument/IssuerAssignedID`,
  'BT-14': `${A}/SellerOrderReferencedDocument/IssuerAssignedID`,
  'BT-15': `${D}/ReceivingAdviceReferencedDocument/IssuerAssignedID`,
  'BT-16': `${D}/DespatchAdviceReferencedDocument/IssuerAssignedID`,
  'BT-17': `${A}/AdditionalReferencedDocument/IssuerAssignedID`,
  'BT-18': `${A}/AdditionalReferencedDocument/IssuerAssignedID`,
  'BT-18-1': `${A}/AdditionalReferencedDocument/ReferenceTypeCode`,
  'BT-19': `${S}/ReceivableSpecifiedTradeAccountingAccount/ID`,
  'BT-20': `${S}/SpecifiedTradePaymentTerms/Description`,
  'BT-21': 'ExchangedDocument/IncludedNote/SubjectCode',
  'BT-22': 'ExchangedDocument/IncludedNote/Content',
  'BT-23': 'ExchangedDocumentContext/BusinessProcessSpecifiedDocumentContextParameter/ID',
  'BT-24': 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID',
  'BT-25': `${S}/InvoiceReferencedDocument/IssuerAssignedID`,
  'BT-26': `${S}/InvoiceReferencedDocument/FormattedIssueDateTime/DateTimeString`,
  ...party(`${A}/SellerTradeParty`, {
    'BT-27': 'Name',
    'BT-28': 'SpecifiedLegalOrganization/TradingBusinessName',
    'BT-29': 'ID',
    'BT-29-1': 'GlobalID/@schemeID',
    'BT-30': 'SpecifiedLegalOrganization/ID',
    'BT-30-1': 'SpecifiedLegalOrganization/ID/@schemeID',
    'BT-31': 'SpecifiedTaxRegistration/ID',
    'BT-32': 'SpecifiedTaxRegistration/ID',
    'BT-33': 'Description',
    'BT-34': 'URIUniversalCommunication/URIID',
    'BT-34-1': 'URIUniversalCommunication/URIID/@schemeID',
    'BT-41': 'DefinedTradeContact/PersonName',
    'BT-42': 'DefinedTradeContact/TelephoneUniversalCommunication/CompleteNumber',
    'BT-43': 'DefinedTradeContact/EmailURIUniversalCommunication/URIID',
  }),
  ...address(`${A}/SellerTradeParty`, ['BT-35', 'BT-36', 'BT-162', 'BT-37', 'BT-38', 'BT-39', 'BT-40']),
  ...party(`${A}/BuyerTradeParty`, {
    'BT-44': 'Name',
    'BT-45': 'SpecifiedLegalOrganization/TradingBusinessName',
    'BT-46': 'ID',
    'BT-46-1': 'GlobalID/@schemeID',
    'BT-47': 'SpecifiedLegalOrganization/ID',
    'BT-47-1': 'SpecifiedLegalOrganization/ID/@schemeID',
    'BT-48': 'SpecifiedTaxRegistration/ID',
    'BT-49': 'URIUniversalCommunication/URIID',
    'BT-49-1': 'URIUniversalCommunication/URIID/@schemeID',
    'BT-56': 'DefinedTradeContact/PersonName',
    'BT-57': 'DefinedTradeContact/TelephoneUniversalCommunication/CompleteNumber',
    'BT-58': 'DefinedTradeContact/EmailURIUniversalCommunication/URIID',
  }),
  ...address(`${A}/BuyerTradeParty`, ['BT-50', 'BT-51', 'BT-163', 'BT-52', 'BT-53', 'BT-54', 'BT-55']),
  ...party(`${S}/PayeeTradeParty`, {
    'BT-59': 'Name',
    'BT-60': 'ID',
    'BT-60-1': 'GlobalID/@schemeID',
    'BT-61': 'SpecifiedLegalOrganization/ID',
    'BT-61-1': 'SpecifiedLegalOrganization/ID/@schemeID',
  }),
  ...party(`${A}/SellerTaxRepresentativeTradeParty`, {
    'BT-62': 'Name',
    'BT-63': 'SpecifiedTaxRegistration/ID',
  }),
  ...address(`${A}/SellerTaxRepresentativeTradeParty`, [
    'BT-64',
    'BT-65',
    'BT-164',
    'BT-66',
    'BT-67',
    'BT-68',
    'BT-69',
  ]),
  'BT-70': `${D}/ShipToTradeParty/Name`,
  'BT-71': `${D}/ShipToTradeParty/ID`,
  'BT-71-1': `${D}/ShipToTradeParty/GlobalID/@schemeID`,
  'BT-72': `${D}/ActualDeliverySupplyChainEvent/OccurrenceDateTime/DateTimeString`,
  'BT-73': `${S}/BillingSpecifiedPeriod/StartDateTime/DateTimeString`,
  'BT-74': `${S}/BillingSpecifiedPeriod/EndDateTime/DateTimeString`,
  ...address(`${D}/ShipToTradeParty`, ['BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']),
  'BT-81': `${S}/SpecifiedTradeSettlementPaymentMeans/TypeCode`,
  'BT-82': `${S}/SpecifiedTradeSettlementPaymentMeans/Information`,
  'BT-83': `${S}/PaymentReference`,
  'BT-84': `${S}/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID`,
  'BT-85': `${S}/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/AccountName`,
  'BT-86': `${S}/SpecifiedTradeSettlementPaymentMeans/PayeeSpecifiedCreditorFinancialInstitution/BICID`,
  'BT-87': `${S}/SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/ID`,
  'BT-88': `${S}/SpecifiedTradeSettlementPaymentMeans/ApplicableTradeSettlementFinancialCard/CardholderName`,
  'BT-89': `${S}/SpecifiedTradePaymentTerms/DirectDebitMandateID`,
  'BT-90': `${S}/CreditorReferenceID`,
  'BT-91': `${S}/SpecifiedTradeSettlementPaymentMeans/PayerPartyDebtorFinancialAccount/IBANID`,
  ...allowanceCharge(`${S}/SpecifiedTradeAllowanceCharge`, [
    'BT-92',
    'BT-93',
    'BT-94',
    'BT-95',
    'BT-96',
    'BT-97',
    'BT-98',
  ]),
  ...allowanceCharge(`${S}/SpecifiedTradeAllowanceCharge`, [
    'BT-99',
    'BT-100',
    'BT-101',
    'BT-102',
    'BT-103',
    'BT-104',
    'BT-105',
  ]),
  ...party(`${S}/SpecifiedTradeSettlementHeaderMonetarySummation`, {
    'BT-106': 'LineTotalAmount',
    'BT-107': 'AllowanceTotalAmount',
    'BT-108': 'ChargeTotalAmount',
    'BT-109': 'TaxBasisTotalAmount',
    'BT-110': 'TaxTotalAmount',
    'BT-111': 'TaxTotalAmount',
    'BT-112': 'GrandTotalAmount',
    'BT-113': 'TotalPrepaidAmount',
    'BT-114': 'RoundingAmount',
    'BT-115': 'DuePayableAmount',
  }),
  ...party(`${S}/ApplicableTradeTax`, {
    'BT-116': 'BasisAmount',
    'BT-117': 'CalculatedAmount',
    'BT-118': 'CategoryCode',
    'BT-119': 'RateApplicablePercent',
    'BT-120': 'ExemptionReason',
    'BT-121': 'ExemptionReasonCode',
  }),
  ...party(`${A}/AdditionalReferencedDocument`, {
    'BT-122': 'IssuerAssignedID',
    'BT-123': 'Name',
    'BT-124': 'URIID',
    'BT-125': 'AttachmentBinaryObject',
    'BT-125-1': 'AttachmentBinaryObject/@mimeCode',
    'BT-125-2': 'AttachmentBinaryObject/@filename',
  }),
  'BT-126': `${L}/AssociatedDocumentLineDocument/LineID`,
  'BT-127': `${L}/AssociatedDocumentLineDocument/IncludedNote/Content`,
  'BT-128': `${LS}/AdditionalReferencedDocument/IssuerAssignedID`,
  'BT-128-1': `${LS}/AdditionalReferencedDocument/ReferenceTypeCode`,
  'BT-129': `${L}/SpecifiedLineTradeDelivery/BilledQuantity`,
  'BT-130': `${L}/SpecifiedLineTradeDelivery/BilledQuantity/@unitCode`,
  'BT-131': `${LS}/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount`,
  'BT-132': `${LA}/BuyerOrderReferencedDocument/LineID`,
  'BT-133': `${LS}/ReceivableSpecifiedTradeAccountingAccount/ID`,
  'BT-134': `${LS}/BillingSpecifiedPeriod/StartDateTime/DateTimeString`,
  'BT-135': `${LS}/BillingSpecifiedPeriod/EndDateTime/DateTimeString`,
  ...lineAllowanceCharge(['BT-136', 'BT-137', 'BT-138', 'BT-139', 'BT-140']),
  ...lineAllowanceCharge(['BT-141', 'BT-142', 'BT-143', 'BT-144', 'BT-145']),
  'BT-146': `${LA}/NetPriceProductTradePrice/ChargeAmount`,
  'BT-147': `${LA}/GrossPriceProductTradePrice/AppliedTradeAllowanceCharge/ActualAmount`,
  'BT-148': `${LA}/GrossPriceProductTradePrice/ChargeAmount`,
  'BT-149': `${LA}/NetPriceProductTradePrice/BasisQuantity`,
  'BT-150': `${LA}/NetPriceProductTradePrice/BasisQuantity/@unitCode`,
  'BT-151': `${LS}/ApplicableTradeTax/CategoryCode`,
  'BT-152': `${LS}/ApplicableTradeTax/RateApplicablePercent`,
  'BT-153': `${P}/Name`,
  'BT-154': `${P}/Description`,
  'BT-155': `${P}/SellerAssignedID`,
  'BT-156': `${P}/BuyerAssignedID`,
  'BT-157': `${P}/GlobalID`,
  'BT-157-1': `${P}/GlobalID/@schemeID`,
  'BT-158': `${P}/DesignatedProductClassification/ClassCode`,
  'BT-158-1': `${P}/DesignatedProductClassification/ClassCode/@listID`,
  'BT-158-2': `${P}/DesignatedProductClassification/ClassCode/@listVersionID`,
  'BT-159': `${P}/OriginTradeCountry/ID`,
  'BT-160': `${P}/ApplicableProductCharacteristic/Description`,
  'BT-161': `${P}/ApplicableProductCharacteristic/Value`,
};

function allowanceCharge(base: string, ids: string[]): Record<string, string> {
  const rel = [
    'ActualAmount',
    'BasisAmount',
    'CalculationPercent',
    'CategoryTradeTax/CategoryCode',
    'CategoryTradeTax/RateApplicablePercent',
    'Reason',
    'ReasonCode',
  ];
  const out: Record<string, string> = {};
  ids.forEach((bt, i) => {
    out[bt] = `${base}/${rel[i]}`;
  });
  return out;
}

function lineAllowanceCharge(ids: string[]): Record<string, string> {
  const rel = ['ActualAmount', 'BasisAmount', 'CalculationPercent', 'Reason', 'ReasonCode'];
  const out: Record<string, string> = {};
  ids.forEach((bt, i) => {
    out[bt] = `${LS}/SpecifiedTradeAllowanceCharge/${rel[i]}`;
  });
  return out;
}
