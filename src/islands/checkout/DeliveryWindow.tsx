import { HOME_COUNTRY } from '#src/lib/countries.ts';
import { deliveryWindow, formatLongDate } from '#src/lib/dates.ts';

/**
 * When an order placed now should arrive where it goes, said before Place Order: the window follows
 * the chosen address's country (one saved without a country is at home, as the shop places it).
 * Nothing while no address is chosen: Place Order then says it needs one.
 */
export default function DeliveryWindow({ country }: { country: string | undefined }) {
  if (country === undefined) return null;
  const place = country || HOME_COUNTRY;
  // `isDomestic` of src/lib/countries.ts, which the summary would load apart for this alone.
  const { from, to } = deliveryWindow(new Date(), place !== HOME_COUNTRY);
  return (
    <p className="mt-4 px-4 text-sm">
      <b>{`Delivery to ${place}:`}</b>
      {` between ${formatLongDate(from)} and ${formatLongDate(to)}.`}
    </p>
  );
}
