/** BG-13 Delivery information: date, deliver-to location and address, deliver-to party name. */

import { date, group, identifier, term } from './build.js';
import { addressGroup } from './parties.js';
import type { GroupNode } from './types.js';

export const delivery: GroupNode = group(
  'cac:Delivery',
  [
    date('cbc:ActualDeliveryDate', 'BT-72', 'date'),
    group('cac:DeliveryLocation', [
      identifier('cbc:ID', 'BT-71', 'locationId', 'BT-71-1'),
      addressGroup(
        'cac:Address',
        'address',
        ['BT-75', 'BT-76', 'BT-77', 'BT-78', 'BT-79', 'BT-165', 'BT-80'],
        'BG-15',
      ),
    ]),
    group('cac:DeliveryParty', [
      group('cac:PartyName', [term('cbc:Name', 'BT-70', 'partyName', { required: true })]),
    ]),
  ],
  { bt: 'BG-13', field: 'delivery' },
);
