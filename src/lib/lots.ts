import { isoDate } from './dates.ts';
import { formatDayMonthYear } from './packedDates.ts';

/** The seasons a harvest is named by, in calendar order. */
export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const;
type Season = (typeof SEASONS)[number];

/**
 * The month (0 = January) each season's harvest can start: Winter 2025 starts in December 2025
 * and runs into 2026.
 */
const SEASON_STARTS: Record<Season, number> = { Spring: 2, Summer: 5, Autumn: 8, Winter: 11 };

export interface Harvest {
  season: Season;
  year: number;
}

/** The first day a harvest can have happened (midnight UTC): a lot cannot be packed before it. */
export function harvestStart({ season, year }: Harvest): Date {
  return new Date(Date.UTC(year, SEASON_STARTS[season], 1));
}

/** A lot as the pages, the product API and orders read it: plain text and an ISO date. */
export interface LotView {
  /** e.g. "Autumn 2025". */
  harvest: string;
  /** Where it was grown or, for a blend, where it was blended. */
  region: string;
  /** `YYYY-MM-DD`. */
  packedOn: string;
}

/** The lot on sale: the one packed last (none when the product lists no lots). */
export function currentLot<T extends { packedOn: Date }>(lots: readonly T[]): T | undefined {
  return lots.reduce<T | undefined>(
    (latest, lot) => (latest && latest.packedOn >= lot.packedOn ? latest : lot),
    undefined,
  );
}

/** The view of a lot from its Markdown entry. */
export function lotView(lot: { harvest: Harvest; region: string; packedOn: Date }): LotView {
  return {
    harvest: `${lot.harvest.season} ${lot.harvest.year}`,
    region: lot.region,
    packedOn: isoDate(lot.packedOn),
  };
}

/**
 * A lot in one line, as an order line records it: "Autumn 2025 harvest, Idukki, Kerala · packed
 * 12 Mar 2026". A blend's region is where it was blended, and says so.
 */
export function lotLabel(lot: LotView, variety: string): string {
  const region = variety === 'Blends' ? `blended in ${lot.region}` : lot.region;
  return `${lot.harvest} harvest, ${region} · packed ${formatDayMonthYear(new Date(lot.packedOn))}`;
}
