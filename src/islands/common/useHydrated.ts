import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true from the first client render after it. Islands
 * that show stored state render a placeholder until then: the server cannot know the shopper's
 * storage, and rendering the placeholder on both sides keeps hydration free of mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
