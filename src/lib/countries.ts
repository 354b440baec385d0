import type { AddressForm } from './shapes/address.ts';
import { SITE } from './site.ts';

/** The shop's own country: an address form's default. */
export const HOME_COUNTRY = SITE.address.country;

/**
 * Where the shop delivers (the shipping page: over 50 countries across North America, Europe,
 * Asia and Oceania): the address forms' Country choices, the shop's own first, then A to Z.
 */
export const SHIPPING_COUNTRIES = [
  HOME_COUNTRY,
  ...[
    'Australia',
    'Austria',
    'Belgium',
    'Bulgaria',
    'Canada',
    'Croatia',
    'Cyprus',
    'Czechia',
    'Denmark',
    'Estonia',
    'Finland',
    'France',
    'Germany',
    'Greece',
    'Hong Kong',
    'Hungary',
    'Iceland',
    'India',
    'Indonesia',
    'Ireland',
    'Israel',
    'Italy',
    'Japan',
    'Kuwait',
    'Latvia',
    'Lithuania',
    'Luxembourg',
    'Malaysia',
    'Malta',
    'Mexico',
    'Netherlands',
    'New Zealand',
    'Norway',
    'Philippines',
    'Poland',
    'Portugal',
    'Qatar',
    'Romania',
    'Saudi Arabia',
    'Singapore',
    'Slovakia',
    'Slovenia',
    'South Korea',
    'Spain',
    'Sweden',
    'Switzerland',
    'Taiwan',
    'Thailand',
    'United Arab Emirates',
    'United Kingdom',
    'Vietnam',
  ],
] as const;

type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/**
 * Whether an order to `country` stays within the shop's own country, and is promised the home
 * delivery window. An order placed before orders kept their country has none: it was promised
 * the home window then. (src/stores/tracking.ts says the same of the orders it shows, without
 * loading this list.)
 */
export const isDomestic = (country: string) => country === '' || country === HOME_COUNTRY;

/** What an address calls its region and its postal code. */
export interface RegionLabels {
  state: string;
  zip: string;
}

/** At home each form keeps the spec's own labels. */
const HOME_LABELS: Record<AddressForm, RegionLabels> = {
  checkout: { state: 'State', zip: 'ZIP Code' },
  profile: { state: 'State/Province', zip: 'ZIP/Postal Code' },
};

/** The names countries give their regions and postal codes, where they differ from OTHER_LABELS. */
const COUNTRY_LABELS: Partial<Record<ShippingCountry, RegionLabels>> = {
  Australia: { state: 'State', zip: 'Postcode' },
  Canada: { state: 'Province', zip: 'Postal Code' },
  India: { state: 'State', zip: 'PIN Code' },
  Ireland: { state: 'County', zip: 'Eircode' },
  Italy: { state: 'Province', zip: 'Postal Code' },
  Japan: { state: 'Prefecture', zip: 'Postal Code' },
  Mexico: { state: 'State', zip: 'Postal Code' },
  'New Zealand': { state: 'Region', zip: 'Postcode' },
  Spain: { state: 'Province', zip: 'Postal Code' },
  Switzerland: { state: 'Canton', zip: 'Postal Code' },
  'United Kingdom': { state: 'County', zip: 'Postcode' },
};

const OTHER_LABELS: RegionLabels = { state: 'Region', zip: 'Postal Code' };

/** The labels of the region and postal code fields of `form` for an address in `country`. */
export function regionLabels(country: string, form: AddressForm): RegionLabels {
  if (country === HOME_COUNTRY) return HOME_LABELS[form];
  return COUNTRY_LABELS[country as ShippingCountry] ?? OTHER_LABELS;
}
