import type { Finding } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';

export function checkUblSyntaxRules(_root: XmlElement): Finding[] {
  return [];
}
