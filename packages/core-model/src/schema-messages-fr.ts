/**
 * French wording of the shape findings of validateInvoiceShape (lang 'fr'). The English wording
 * comes from the schema's `x-expected` annotations; the French one is built from the failing
 * keyword and the term's French name in the catalogue, so the schema stays written once.
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from './schema-definition.js';
import type { Term } from './terms.js';

/** Rules of EN 16931 that a sign check of the schema stands for, by term */
const RULE_OF_TERM: Record<string, string> = { 'BT-146': 'BR-27', 'BT-148': 'BR-28' };

export function describeFr(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'un tableau';
  switch (typeof data) {
    case 'string': {
      const json = JSON.stringify(data);
      return json.length > 42 ? `la chaîne ${json.slice(0, 40)}…"` : `la chaîne ${json}`;
    }
    case 'number':
      return Number.isFinite(data) ? `le nombre ${data}` : String(data);
    case 'boolean':
      return `le booléen ${data}`;
    case 'object':
      return 'un objet';
    default:
      return `une valeur de type ${typeof data}`;
  }
}

function expectedFr(e: ErrorObject, term: Term | undefined): string {
  const schema = (e.parentSchema ?? {}) as JsonSchema;
  const rule = term !== undefined ? RULE_OF_TERM[term.id] : undefined;
  const because = rule !== undefined ? ` (${rule})` : '';
  switch (e.keyword) {
    case 'type':
      return (
        {
          number: 'un nombre',
          integer: 'un nombre entier',
          string: 'du texte',
          object: 'un objet',
          array: 'un tableau',
        }[String(schema.type)] ?? 'une valeur du type documenté'
      );
    case 'format':
      return 'une date AAAA-MM-JJ qui existe dans le calendrier';
    case 'pattern':
      if (schema.pattern === '^[A-Z]{3}$') return 'un code devise ISO 4217 de 3 lettres majuscules (ex. EUR)';
      if (String(schema.pattern).startsWith('^VATEX-')) return 'un code VATEX (ex. VATEX-FR-FRANCHISE)';
      return 'un code pays ISO 3166-1 alpha-2 de 2 lettres majuscules (ex. FR)';
    case 'enum':
      return `l’une des valeurs ${(schema.enum as string[]).join(', ')}`;
    case 'minimum':
      return schema.type === 'integer'
        ? 'un nombre entier d’au moins 1'
        : `un nombre positif ou nul${because}`;
    case 'exclusiveMinimum':
      return 'un nombre strictement positif (le prix est divisé par cette quantité)';
    default:
      return 'une valeur de la forme documentée';
  }
}

/** The French message of one ajv error at `path` (already in the model's format). */
export function frenchMessage(e: ErrorObject, path: string, term: Term | undefined): string {
  const name = term !== undefined && term.path !== 'invoice' ? ` (${term.name.fr}, ${term.id})` : '';
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String((e.params as { additionalProperty?: unknown }).additionalProperty);
      return `${path} : propriété inconnue « ${prop} » ; vérifiez son orthographe par rapport au modèle de facture`;
    }
    case 'required':
      return `${path}${name} est obligatoire dans cet objet`;
    default:
      return `${path}${name} : attendu ${expectedFr(e, term)}, reçu ${describeFr(e.data)}`;
  }
}
