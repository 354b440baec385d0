import type { ReactNode } from 'react';

/**
 * Classes that draw the first two stored lines' pictures, which StoredListRoom's script found in
 * storage and is already fetching: a skeleton shows what the shopper keeps before React has drawn
 * it (on the wishlist, the page's largest paint). Without a picture, nothing is drawn.
 */
export const STORED_PICTURES = ['bg-(image:--stored-picture-1)', 'bg-(image:--stored-picture-2)'];

interface Props {
  /** False on the server and while hydrating (useHydrated). */
  hydrated: boolean;
  /** The skeleton, shown before hydration while something is stored. */
  skeleton: ReactNode;
  /** The list's empty state. */
  empty: ReactNode;
}

/**
 * A list island's empty state, and before hydration its skeleton beside it. Inside a
 * StoredListRoom, whose script has already looked at storage, the page's CSS shows the one that
 * applies before React arrives. Hydrated with an empty list, the island keeps the very empty
 * state the server drew (same keys), so nothing is drawn twice.
 */
export default function StoredListPlaceholder({ hydrated, skeleton, empty }: Props) {
  return (
    <>
      {!hydrated && (
        <div key="skeleton" data-show-when="filled" className="contents">
          {skeleton}
        </div>
      )}
      <div key="empty" data-show-when={hydrated ? undefined : 'empty'} className="contents">
        {empty}
      </div>
    </>
  );
}
