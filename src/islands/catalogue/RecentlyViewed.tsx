import { useStore } from '@nanostores/react';
import { sellingPrice, sellsToday } from '#src/lib/catalogue.ts';
import { formatMoney } from '#src/lib/money.ts';
import type { CatalogueItem } from '#src/lib/search.ts';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { $catalogueIndex } from '#src/stores/products.ts';
import { $recentlyViewed } from '#src/stores/recentlyViewed.ts';

/**
 * "Recently viewed": the products this browser opened last, newest first, without `except` (the
 * one on screen). Hydrated near the viewport only: the catalogue's index is asked for then.
 */
export default function RecentlyViewed({ except }: { except?: string }) {
  const hydrated = useHydrated();
  const ids = useStore($recentlyViewed).filter((id) => id !== except);
  // Always an element: `client:visible` watches the island's children to know when it is near.
  return <div>{hydrated && ids.length > 0 && <RecentCards ids={ids} />}</div>;
}

function RecentCards({ ids }: { ids: string[] }) {
  const { data } = useStore($catalogueIndex);
  if (!data) return null;
  const byId = new Map(data.products.map((item) => [item.id, item]));
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading" className="container-page py-12 lg:py-16">
      <h2 id="recently-viewed-heading" className="mb-6 text-2xl sm:text-3xl">
        Recently viewed
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Recently viewed">
        {items.map((item) => (
          <RecentCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function RecentCard({ item }: { item: CatalogueItem }) {
  return (
    <li className="border-line hover:border-ink/40 relative flex items-center gap-4 rounded-2xl border bg-white/80 p-3 transition-colors">
      <img
        src={item.thumb}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="bg-cream size-16 shrink-0 rounded-xl object-cover"
      />
      <div className="min-w-0">
        <p className="text-ink font-medium">
          <a
            href={`/products/${item.id}`}
            className="focus-visible:after:outline-saffron after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2"
          >
            {item.title}
          </a>
        </p>
        <p className="text-ink-soft text-sm">
          {!sellsToday(item) ? 'Sold out' : `${item.pack.label}, ${formatMoney(sellingPrice(item.pack))}`}
        </p>
      </div>
    </li>
  );
}
