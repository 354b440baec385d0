import { vi } from 'vitest';

/** localStorage in memory, with a quota in characters (keys plus values) like a browser's. */
class MemoryStorage implements Storage {
  readonly data = new Map<string, string>();
  quota = Number.POSITIVE_INFINITY;
  writes = 0;

  get length(): number {
    return this.data.size;
  }
  key(index: number): string | null {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    const size = this.used() - (this.data.get(key)?.length ?? 0) + value.length + key.length;
    if (size > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.writes += 1;
    this.data.set(key, String(value));
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
  clear(): void {
    this.data.clear();
  }
  used(): number {
    let size = 0;
    for (const [key, value] of this.data) size += key.length + value.length;
    return size;
  }
  /** Refuses every further write that adds anything. */
  fill(): void {
    this.quota = this.used();
  }
}

export interface FakeBrowser {
  storage: MemoryStorage;
  /** How often the page reached for `window.localStorage`. */
  storageAccesses: () => number;
  /** Another tab of the same browser writes (null removes) and this page hears the event. */
  otherTabWrites: (key: string | null, value: string | null) => void;
  /** The page comes back from the back-forward cache. */
  restoreFromCache: () => void;
}

/**
 * A `window` just big enough for the stores: localStorage (blocked when `blocked`: the getter
 * throws like a browser with storage disabled) and events. Values in `seed` are stored as they
 * are when strings, as JSON otherwise.
 */
export function installBrowser(
  options: { seed?: Record<string, unknown>; blocked?: boolean } = {},
): FakeBrowser {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(options.seed ?? {})) {
    storage.data.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const events = new EventTarget();
  let accesses = 0;
  const fakeWindow = {
    get localStorage(): Storage {
      accesses += 1;
      if (options.blocked) throw new DOMException('Access is denied.', 'SecurityError');
      return storage;
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  };
  vi.stubGlobal('window', fakeWindow);
  return {
    storage,
    storageAccesses: () => accesses,
    otherTabWrites(key, value) {
      if (key === null) storage.clear();
      else if (value === null) storage.data.delete(key);
      else storage.data.set(key, value);
      events.dispatchEvent(Object.assign(new Event('storage'), { key, newValue: value }));
    },
    restoreFromCache() {
      events.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    },
  };
}

/** The store modules as a freshly loaded page gets them (nothing kept from an earlier test). */
export async function loadShop() {
  vi.resetModules();
  return {
    auth: await import('#src/stores/auth.ts'),
    signIn: await import('#src/stores/signIn.ts'),
    cart: await import('#src/stores/cart.ts'),
    wishlist: await import('#src/stores/wishlist.ts'),
    addresses: await import('#src/stores/addresses.ts'),
    orders: await import('#src/stores/orders.ts'),
    tracking: await import('#src/stores/tracking.ts'),
    productsToday: await import('#src/stores/productsToday.ts'),
    wishlistToCart: await import('#src/stores/wishlistToCart.ts'),
    recipeToCart: await import('#src/stores/recipeToCart.ts'),
    buyAgain: await import('#src/stores/buyAgain.ts'),
    discount: await import('#src/stores/discount.ts'),
    recentlyViewed: await import('#src/stores/recentlyViewed.ts'),
    restock: await import('#src/stores/restock.ts'),
  };
}

export type Shop = Awaited<ReturnType<typeof loadShop>>;

/** Reads a stored key back as JSON (undefined when absent). */
export function stored(browser: FakeBrowser, key: string): unknown {
  const raw = browser.storage.getItem(key);
  return raw === null ? undefined : JSON.parse(raw);
}

export const SAFFRON = {
  id: 'kashmiri-saffron:1 g',
  productId: 'kashmiri-saffron',
  pack: '1 g',
  name: 'Kashmiri Saffron (1 g)',
  price: 12.99,
  image: '/images/saffron.jpg',
};

export const CUMIN = {
  id: 'cumin-seeds:100 g',
  productId: 'cumin-seeds',
  pack: '100 g',
  name: 'Cumin Seeds (100 g)',
  price: 4.5,
  image: '/images/cumin.jpg',
};

/** A delivery address as the address book keeps it. */
export const ADDRESS = {
  id: '1740000000000',
  label: '',
  name: 'Asha Rao',
  street: '12 Spice Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  country: '',
  phone: '',
  phoneDisplay: '',
};
