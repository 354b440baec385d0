import { atom, computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';

/**
 * A nanostores atom kept as JSON under one localStorage key.
 *
 * Why not `@nanostores/persistent`: it reads localStorage when the module is imported (the server
 * renders these modules), writes by property assignment so a full quota throws out of the action
 * before the screen updates, and cannot tell the action whether the value was stored.
 *
 * Here storage is first read on first use in the browser (a subscriber or `get()`); every value
 * read is passed through `parse`, which keeps only what fits the shape; `set` changes memory only
 * and `save` changes memory and then storage, answering whether storage took it. Other tabs'
 * writes arrive through the `storage` event.
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

export function persistentAtom<T>(key: string, empty: T, parse: (json: unknown) => T): PersistentAtom<T> {
  const $store = atom(empty);
  const setValue = $store.set.bind($store);
  let loaded = false;

  const read = (): T => {
    try {
      const raw = localStore()?.getItem(key);
      return raw === null || raw === undefined ? empty : parse(JSON.parse(raw));
    } catch {
      return empty;
    }
  };

  const load = () => {
    if (loaded || typeof window === 'undefined') return;
    loaded = true;
    setValue(read());
    // Kept for the page's life: the store is a module singleton.
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) setValue(read());
    });
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) setValue(read());
    });
  };
  onMount($store, load);

  return Object.assign($store, {
    /** Memory only; storage is read first so that a later first read cannot undo this value. */
    set(value: T): void {
      load();
      setValue(value);
    },
    save(value: T): boolean {
      $store.set(value);
      try {
        const storage = localStore();
        if (!storage) return false;
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(value));
        return true;
      } catch {
        // QuotaExceededError: the old stored value stays as it was.
        return false;
      }
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
 * `prefix` + the current timestamp, as the spec's ids are, made unique: never repeated in this
 * page and never one of `taken` (two orders in the same millisecond get different ids).
 */
export function timestampId(taken: Iterable<string>, prefix = ''): string {
  const used = new Set(taken);
  let stamp = Math.max(Date.now(), lastStamp + 1);
  while (used.has(prefix + String(stamp))) stamp += 1;
  lastStamp = stamp;
  return prefix + String(stamp);
}
