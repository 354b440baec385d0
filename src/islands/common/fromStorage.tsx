import type { ComponentType } from 'react';
import { useHydrated } from './useHydrated.ts';

interface Skeleton {
  /** How many card placeholders to draw. */
  cards?: number;
  /** Side by side on wide screens (checkout, profile). */
  columns?: boolean;
}

/** Shown while a storage-driven island loads: it reads localStorage, so the server cannot. */
export function LoadingCards({ cards = 1, columns = false }: Skeleton) {
  return (
    <div
      className={`grid items-start gap-6 ${columns ? 'lg:grid-cols-2 lg:gap-8' : ''}`}
      role="status"
      aria-label="Loading"
    >
      {Array.from({ length: cards }, (_, card) => (
        <div key={card} className="card animate-pulse p-7">
          <div className="bg-sand/70 h-6 w-1/3 rounded-full" />
          <div className="bg-sand/50 mt-6 h-4 w-full rounded-full" />
          <div className="bg-sand/50 mt-3 h-4 w-5/6 rounded-full" />
          <div className="bg-sand/50 mt-3 h-4 w-2/3 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * An island drawn from the shopper's storage: on the server and while it hydrates, its skeleton
 * (the server cannot read storage, and both sides must render the same); from the first render
 * after hydration, the island itself, reading storage at once. With `client:painted`, React
 * loads only after the page's first frame, so it never delays what that frame shows.
 */
export function fromStorage<Props extends object>(Island: ComponentType<Props>, skeleton: Skeleton = {}) {
  function StorageIsland(props: Props) {
    return useHydrated() ? <Island {...props} /> : <LoadingCards {...skeleton} />;
  }
  StorageIsland.displayName = Island.displayName ?? Island.name;
  return StorageIsland;
}
