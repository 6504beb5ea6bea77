/** BG-13 delivery information and BG-15 deliver-to address. */
import { identifierWithScheme, postalAddress } from './parties.js';
import { type Binding, field, group } from './types.js';

const DELIVERY = 'rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery';

export const delivery: Binding[] = [
  group('BG-13', 'delivery', DELIVERY, [
    ...identifierWithScheme('BT-71', 'locationId', 'ram:ShipToTradeParty'),
    field('BT-70', 'partyName', 'ram:ShipToTradeParty/ram:Name'),
    group('', '', 'ram:ShipToTradeParty', [
      postalAddress(['BG-15', 'BT-75', 'BT-76', 'BT-165', 'BT-77', 'BT-78', 'BT-79', 'BT-80']),
    ]),
    field(
      'BT-72',
      'date',
      'ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString',
      'date',
    ),
  ]),
];
