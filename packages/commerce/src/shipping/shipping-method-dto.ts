import { minorToDecimal } from '../money';
import type { ShippingMethodDto, ShippingMethodSettingsDto } from './shipping-contract';
import type { MethodCandidate } from './shipping-rules';

/** A method as `GET shippingmethods/{zoneId}` answers it: BigCommerce's decimal amounts, tagged with its settings' type. */
export function toShippingMethodDto(method: MethodCandidate & { enabled: boolean }): ShippingMethodDto {
  return {
    id: method.id,
    name: method.name,
    type: method.settings.type,
    settings: settingsDto(method.settings),
    enabled: method.enabled,
    handling_fees: { fixed_surcharge: minorToDecimal(method.handlingFeeMinor) },
  };
}

function settingsDto(settings: MethodCandidate['settings']): ShippingMethodSettingsDto {
  switch (settings.type) {
    case 'freeshipping':
      return { carrier_options: { minimum_sub_total: minorToDecimal(settings.minimumSubtotalMinor) } };
    case 'total':
      return {
        range: settings.ranges.map((range) => ({
          lower_limit: minorToDecimal(range.lowerMinor),
          upper_limit: range.upperMinor === null ? null : minorToDecimal(range.upperMinor),
          shipping_cost: minorToDecimal(range.costMinor),
        })),
      };
    case 'flatrate':
      return { rate: minorToDecimal(settings.rateMinor) };
  }
}
