/**
 * Carriers whose public tracking page the shop links a tracking number to, by the name the
 * merchant gives when shipping (any case, spaces and punctuation aside: "Royal Mail",
 * "royalmail"). A carrier not listed shows its number without a link.
 */
const CARRIERS: readonly { name: string; page: (code: string) => string }[] = [
  { name: 'USPS', page: (code) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${code}` },
  { name: 'UPS', page: (code) => `https://www.ups.com/track?tracknum=${code}` },
  { name: 'FedEx', page: (code) => `https://www.fedex.com/fedextrack/?trknbr=${code}` },
  {
    name: 'DHL',
    page: (code) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${code}`,
  },
  {
    name: 'Royal Mail',
    page: (code) => `https://www.royalmail.com/track-your-item#/tracking-results/${code}`,
  },
  {
    name: 'Canada Post',
    page: (code) => `https://www.canadapost-postescanada.ca/track-reperez/en#/search?searchFor=${code}`,
  },
];

/** The carriers the shop links to, as the back office suggests them. */
export const KNOWN_CARRIERS = CARRIERS.map((carrier) => carrier.name);

const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** The carrier's page for the tracking number, or undefined for a carrier the shop does not know. */
export function carrierTrackingUrl(carrier: string, trackingCode: string): string | undefined {
  const known = CARRIERS.find((each) => key(each.name) === key(carrier));
  const code = trackingCode.trim();
  return known && code ? known.page(encodeURIComponent(code)) : undefined;
}
