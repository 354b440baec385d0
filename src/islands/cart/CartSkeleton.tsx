import { STORED_PICTURES } from '#src/islands/common/StoredListPlaceholder.tsx';

/** What the cart shows before it has read the shopper's storage: the shape, not a wrong state. */
export default function CartSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading your cart"
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12"
    >
      <div className="card divide-line divide-y">
        {STORED_PICTURES.map((picture) => (
          <div key={picture} className="flex gap-4 p-4 sm:gap-6 sm:p-6">
            <div
              className={`bg-cream size-24 shrink-0 rounded-xl bg-cover bg-center sm:size-28 ${picture}`}
            />
            <div className="flex-1 animate-pulse space-y-3 py-1">
              <div className="bg-cream h-5 w-2/3 rounded-full" />
              <div className="bg-cream h-4 w-1/4 rounded-full" />
              <div className="bg-cream h-10 w-32 rounded-full" />
            </div>
          </div>
        ))}
      </div>
      <div className="card bg-cream/60 h-72 animate-pulse" />
    </div>
  );
}
