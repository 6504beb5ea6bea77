/**
 * French of the EN 16931 syntax rules' messages (CII-SR/CII-DT, UBL-SR/UBL-CR/UBL-DT; our English
 * in the generated tables of @einv/cii and @einv/ubl). Four sentence shapes cover 1,280 of the
 * 1,339 rules; the others are written out by id below (decision 0132).
 */

const SHAPES: readonly [RegExp, string][] = [
  [
    /^(.+) is not part of EN 16931 and should not be used$/,
    '{s} ne fait pas partie de l’EN 16931 et ne devrait pas être utilisé',
  ],
  [/^(.+) must not be present$/, '{s} ne doit pas être présent'],
  [/^(.+) may occur at most once$/, '{s} ne peut apparaître qu’une fois'],
  [/^(.+) must occur exactly once$/, '{s} doit apparaître exactement une fois'],
];

/** The subject of a shaped sentence: an element name stays, "the attribute @x of y" is translated */
function subject(s: string): string {
  const attr = /^the attribute (@\S+)(?: of (.+))?$/.exec(s);
  if (attr) return `l’attribut ${attr[1]}${attr[2] ? ` de ${attr[2]}` : ''}`;
  if (s === 'the payment means text (@name of cbc:PaymentMeansCode)')
    return 'le libellé du moyen de paiement (@name de cbc:PaymentMeansCode)';
  return s;
}

const BY_ID: Readonly<Record<string, string>> = {
  'CII-SR-046':
    'l’identifiant global (ram:GlobalID) de l’article doit porter son identifiant de schéma (@schemeID)',
  'CII-SR-090': 'le pays d’origine (ram:OriginTradeCountry) ne peut avoir qu’un seul ram:ID',
  'CII-SR-119':
    'le prix brut ne peut porter qu’une remise sur prix : un ram:AppliedTradeAllowanceCharge avec ram:ChargeIndicator à false et un ram:ActualAmount, ou aucun des deux',
  'CII-SR-463': 'chaque remise ou charge (BG-20/BG-21) doit avoir un indicateur (ram:ChargeIndicator)',
  'CII-SR-474':
    'une ligne de facture ne peut référencer qu’un seul objet facturé (ram:AdditionalReferencedDocument de TypeCode 130)',
  'CII-SR-450': 'l’acheteur peut avoir un ram:ID ou un ram:GlobalID, pas les deux',
  'CII-SR-455': 'le vendeur ne peut avoir qu’un seul contact (ram:DefinedTradeContact)',
  'CII-SR-456': 'l’acheteur ne peut avoir qu’un seul contact (ram:DefinedTradeContact)',
  'CII-SR-457':
    'une seule référence d’appel d’offres ou de lot (ram:AdditionalReferencedDocument de TypeCode 50) est permise',
  'CII-SR-458':
    'un seul identifiant d’objet facturé (ram:AdditionalReferencedDocument de TypeCode 130) est permis',
  'CII-SR-465':
    'le point de contact du vendeur (BT-41) doit être donné une fois : ram:PersonName ou ram:DepartmentName, pas les deux',
  'CII-SR-466':
    'le point de contact de l’acheteur (BT-56) doit être donné une fois : ram:PersonName ou ram:DepartmentName, pas les deux',
  'CII-SR-475': 'un document joint (TypeCode 916) ne peut avoir qu’une description (ram:Name, BT-123)',
  'CII-SR-476':
    'un document joint (TypeCode 916) ne peut avoir qu’une pièce jointe (ram:AttachmentBinaryObject, BT-125)',
  'CII-SR-449': 'le lieu de livraison peut avoir un ram:ID ou un ram:GlobalID, pas les deux',
  'CII-SR-451': 'le bénéficiaire peut avoir un ram:ID ou un ram:GlobalID, pas les deux',
  'CII-SR-462':
    'tous les codes de date d’exigibilité de la TVA (ram:DueDateTypeCode) doivent avoir la même valeur',
  'CII-SR-470':
    'un virement (moyen de paiement 30 ou 58) exige un compte de paiement : ram:IBANID ou ram:ProprietaryID (BT-84)',
  'CII-SR-467': 'tous les codes de type de moyen de paiement (BT-81) doivent avoir la même valeur',
  'CII-SR-468': 'tous les libellés de moyen de paiement (BT-82) doivent avoir la même valeur',
  'CII-DT-015':
    'ram:URIID ne s’emploie que sur un document joint (ram:AdditionalReferencedDocument de TypeCode 916)',
  'CII-DT-018':
    'ram:TypeCode ne s’emploie que sur un ram:AdditionalReferencedDocument, avec la valeur 50, 130 ou 916',
  'CII-DT-021':
    'ram:Name ne s’emploie que sur un document joint (ram:AdditionalReferencedDocument de TypeCode 916)',
  'CII-DT-022':
    'ram:AttachmentBinaryObject ne s’emploie que sur un document joint (ram:AdditionalReferencedDocument de TypeCode 916)',
  'CII-DT-024':
    'ram:ReferenceTypeCode ne s’emploie que sur une référence d’objet facturé (ram:AdditionalReferencedDocument de TypeCode 130)',
  'CII-DT-027':
    'ram:FormattedIssueDateTime ne s’emploie que sur une référence de facture antérieure (ram:InvoiceReferencedDocument)',
  'CII-DT-033':
    'l’attribut @unitCode ne s’emploie que sur la quantité facturée d’une ligne (ram:BilledQuantity)',
  'CII-DT-037': 'le code de type de taxe (ram:TypeCode) doit valoir VAT',
  'CII-DT-041':
    'ram:BasisAmount ne s’emploie que dans le règlement au niveau du document (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-052':
    'ram:ExemptionReasonCode ne s’emploie que dans une ventilation de TVA (ram:ApplicableTradeTax)',
  'CII-DT-098': 'ram:ExemptionReason ne s’emploie que dans une ventilation de TVA (ram:ApplicableTradeTax)',
  'CII-DT-054':
    'ram:TaxPointDate ne s’emploie que dans le règlement au niveau du document (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-058':
    'ram:DueDateTypeCode ne s’emploie que dans le règlement au niveau du document (ram:ApplicableHeaderTradeSettlement)',
  'CII-DT-097': 'une date au format 102 s’écrit AAAAMMJJ (un mois et un jour réels, par ex. 20240131)',
  'UBL-SR-51': 'une adresse ne peut avoir qu’une troisième ligne d’adresse (cac:AddressLine)',
  'UBL-SR-42': 'le vendeur ne peut avoir que deux régimes fiscaux (cac:PartyTaxScheme) au plus',
  'UBL-SR-43':
    'l’identifiant de schéma (@schemeID) d’une référence de document additionnel ne s’emploie que pour un objet facturé (DocumentTypeCode 130, ou 50 dans un avoir)',
  'UBL-DT-01': 'les montants ont au plus deux décimales',
  'UBL-DT-06': 'un objet binaire doit porter l’attribut @mimeCode',
  'UBL-DT-07': 'un objet binaire doit porter l’attribut @filename',
  'UBL-SR-53':
    'quand un identifiant de régime fiscal (cac:TaxScheme/cbc:ID) est donné, l’identifiant fiscal (cbc:CompanyID) doit l’être aussi',
  'UBL-CR-002': 'cbc:UBLVersionID devrait être absent ou valoir 2.1',
  'UBL-CR-412':
    'cbc:PaymentDueDate dans cac:PaymentMeans ne s’emploie pas dans une facture (seulement dans un avoir)',
  'UBL-CR-420': 'le cryptogramme de la carte (cac:CardAccount/cbc:CV2ID) ne doit jamais être transmis',
  'UBL-CR-665':
    'l’ID d’une référence de document additionnel ne porte un @schemeID que si son DocumentTypeCode vaut 130',
  'UBL-CR-666':
    'une référence d’objet facturé (DocumentTypeCode 130) ne doit pas porter de pièce jointe (cac:Attachment)',
  'UBL-CR-673':
    'une référence d’objet facturé (DocumentTypeCode 130) ne doit pas porter de description (cbc:DocumentDescription)',
  'UBL-DT-18': 'l’attribut @name ne s’emploie que sur cbc:PaymentMeansCode',
  'UBL-SR-04': 'un seul identifiant d’objet facturé (DocumentTypeCode 130) est permis',
  'UBL-SR-12': 'le vendeur ne peut avoir qu’un seul numéro de TVA',
  'UBL-SR-13': 'le vendeur ne peut avoir qu’un seul identifiant d’enregistrement fiscal',
  'UBL-SR-18': 'l’acheteur ne peut avoir qu’un seul numéro de TVA',
  'UBL-SR-29': 'un seul identifiant de créancier SEPA (schéma SEPA) est permis',
  'UBL-SR-44': 'tous les identifiants de paiement (cbc:PaymentID) doivent avoir la même valeur',
  'UBL-SR-47': 'tous les codes de moyen de paiement doivent avoir la même valeur',
  'UBL-SR-19': 'le bénéficiaire, quand il diffère du vendeur, ne peut avoir qu’un nom',
  'UBL-SR-20': 'le bénéficiaire, quand il diffère du vendeur, ne peut avoir qu’un identifiant',
  'UBL-SR-21':
    'le bénéficiaire, quand il diffère du vendeur, ne peut avoir qu’un identifiant d’enregistrement légal',
  'UBL-SR-07':
    'une référence de facture antérieure doit donner le numéro de cette facture (cac:InvoiceDocumentReference/cbc:ID)',
};

/** The French message of syntax rule `id` whose English message is `en`; undefined when unknown */
export function syntaxRuleFr(id: string, en: string): string | undefined {
  const own = BY_ID[id];
  if (own) return own;
  for (const [shape, fr] of SHAPES) {
    const m = shape.exec(en);
    if (m?.[1]) return fr.replace('{s}', subject(m[1]));
  }
  return undefined;
}
