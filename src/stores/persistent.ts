import {
  persistentAtom as libraryAtom,
  setPersistentEngine,
  windowPersistentEvents,
  type PersistentStore,
} from '@nanostores/persistent';
import { computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';

/**
 * A nanostores atom kept as JSON under one localStorage key, on `@nanostores/persistent`: other
 * tabs' writes arrive through its `storage` events, a page back from the back-forward cache reads
 * storage again, and every stored value passes through `parse`, which keeps only what fits the
 * shape (a bad one reads as `empty`).
 *
 * The safe engine below adds what the library leaves to its engine:
 * - storage is read on first use in the browser (a subscriber or `get()`), never while the atoms
 *   are created at import, so `init` stays `empty` and hydration matches the server's render;
 * - reading never writes: only `save` reaches storage, and a store keeps its value in memory
 *   (`set`) when storage is blocked or full, answering `false`;
 * - once used, a store stays subscribed for the page's life, so a value that storage refused is
 *   not replaced by the stored one when the last island unsubscribes.
 */
export interface PersistentAtom<T> extends WritableAtom<T> {
  /** Sets the value and stores it (`null` removes the key). False: storage is blocked or full. */
  save(value: T): boolean;
}

/** While an atom is created the engine holds nothing: the library would read storage there. */
let creating = false;
/** Only `save` writes; the library's own writes (a value read back, `set`) stay in memory. */
let writing = false;
let writeFailed = false;

/** A stored value; none on the server, while an atom is created, or when storage is blocked. */
function read(key: string): string | undefined {
  try {
    return creating ? undefined : (window.localStorage.getItem(key) ?? undefined);
  } catch {
    return undefined;
  }
}

/** Runs a write that `save` asked for; blocked storage or a full quota marks it failed. */
function write(change: (storage: Storage) => void): true {
  try {
    if (writing) change(window.localStorage);
  } catch {
    // The old stored value stays as it was.
    writeFailed = true;
  }
  return true;
}

setPersistentEngine(
  new Proxy<PersistentStore>(
    {},
    {
      get: (_, key) => read(key as string),
      has: (_, key) => read(key as string) !== undefined,
      set: (_, key, value) => write((storage) => storage.setItem(key as string, value as string)),
      deleteProperty: (_, key) => write((storage) => storage.removeItem(key as string)),
    },
  ),
  // The window's `storage` and `pageshow` events in the browser; none on the server.
  typeof window === 'undefined'
    ? { addEventListener() {}, removeEventListener() {} }
    : windowPersistentEvents,
);

const encode = (value: unknown) => (value === null ? undefined : JSON.stringify(value));

export function persistentAtom<T>(key: string, empty: T, parse: (json: unknown) => T): PersistentAtom<T> {
  creating = true;
  const $store = libraryAtom<T>(key, empty, {
    encode,
    decode(raw) {
      try {
        return parse(JSON.parse(raw));
      } catch {
        return empty;
      }
    },
  });
  creating = false;
  // Once used, stay subscribed: see above.
  onMount($store, () => {
    $store.listen(() => {});
  });
  // The library's `set` writes through the engine, which keeps it in memory unless `save` asks.
  const librarySet = $store.set.bind($store);

  return Object.assign($store, {
    /** Memory only; storage is read first so that a later first read cannot undo this value. */
    set(value: T): void {
      $store.get();
      librarySet(value);
    },
    save(value: T): boolean {
      $store.get();
      writing = true;
      writeFailed = false;
      try {
        librarySet(value);
      } finally {
        writing = false;
      }
      return !writeFailed;
    },
  });
}

/**
 * `computed` whose `init` is its value over its sources' `init`, so that
 * `useStore($store, { ssr: 'initial' })` renders it during hydration as the server did.
 */
export function derived<A, T>(source: ReadableAtom<A>, fn: (a: A) => T): ReadableAtom<T>;
export function derived<A, B, T>(
  sources: [ReadableAtom<A>, ReadableAtom<B>],
  fn: (a: A, b: B) => T,
): ReadableAtom<T>;
export function derived<T>(
  sources: ReadableAtom<unknown> | ReadableAtom<unknown>[],
  fn: (...values: unknown[]) => T,
): ReadableAtom<T> {
  const list = Array.isArray(sources) ? sources : [sources];
  const $store = computed(list, fn);
  return Object.assign($store, { init: fn(...list.map(($source) => $source.init)) });
}
