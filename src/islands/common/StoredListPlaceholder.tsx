import type { ReactNode } from 'react';

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
