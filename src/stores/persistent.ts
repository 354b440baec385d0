import {
  persistentAtom as libraryAtom,
  setPersistentEngine,
  windowPersistentEvents,
  type PersistentEvents,
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

function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Blocked by the browser's privacy settings: the shop runs in memory.
    return undefined;
  }
}

/** While an atom is created the engine holds nothing: the library would read storage there. */
let creating = false;
/** Only `save` writes; the library's own writes (a value read back, `set`) stay in memory. */
let writing = false;
let writeFailed = false;

function read(key: string): string | undefined {
  if (creating) return undefined;
  try {
    return localStore()?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(change: (storage: Storage) => void): void {
  if (!writing) return;
  try {
    const storage = localStore();
    if (storage) change(storage);
    else writeFailed = true;
  } catch {
    // QuotaExceededError or SecurityError: the old stored value stays as it was.
    writeFailed = true;
  }
}

const safeStorage = new Proxy<PersistentStore>(
  {},
  {
    get: (_, key) => (typeof key === 'string' ? read(key) : undefined),
    has: (_, key) => typeof key === 'string' && read(key) !== undefined,
    set(_, key, value) {
      if (typeof key === 'string') write((storage) => storage.setItem(key, String(value)));
      return true;
    },
    deleteProperty(_, key) {
      if (typeof key === 'string') write((storage) => storage.removeItem(key));
      return true;
    },
  },
);

/** The window's `storage` and `pageshow` events in the browser; none on the server. */
const safeEvents: PersistentEvents = {
  addEventListener(key, listener, restore) {
    if (typeof window !== 'undefined') windowPersistentEvents.addEventListener(key, listener, restore);
  },
  removeEventListener(key, listener, restore) {
    if (typeof window !== 'undefined') windowPersistentEvents.removeEventListener(key, listener, restore);
  },
};

setPersistentEngine(safeStorage, safeEvents);

export function persistentAtom<T>(key: string, empty: T, parse: (json: unknown) => T): PersistentAtom<T> {
  let $store: WritableAtom<T>;
  creating = true;
  try {
    $store = libraryAtom<T>(key, empty, {
      encode: (value) => (value === null ? undefined : JSON.stringify(value)),
      decode(raw) {
        try {
          return parse(JSON.parse(raw));
        } catch {
          return empty;
        }
      },
    });
  } finally {
    creating = false;
  }
  // The library's `set` writes through the engine, which keeps it in memory unless `save` asks.
  const librarySet = $store.set.bind($store);
  const readFirst = () => {
    if ($store.lc === 0) $store.get();
  };
  onMount($store, () => {
    $store.listen(() => {});
  });

  return Object.assign($store, {
    /** Memory only; storage is read first so that a later first read cannot undo this value. */
    set(value: T): void {
      readFirst();
      librarySet(value);
    },
    save(value: T): boolean {
      readFirst();
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

let lastStamp = 0;

/**
 * `prefix` + the current timestamp (ids are timestamps), made unique: never repeated in this
 * page and never one of `taken` (two orders in the same millisecond get different ids).
 */
export function timestampId(taken: Iterable<string>, prefix = ''): string {
  const used = new Set(taken);
  let stamp = Math.max(Date.now(), lastStamp + 1);
  while (used.has(prefix + String(stamp))) stamp += 1;
  lastStamp = stamp;
  return prefix + String(stamp);
}
