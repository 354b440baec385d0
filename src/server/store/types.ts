/** A message sent through the contact form, as stored. */
export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export type NewContactMessage = Pick<ContactMessage, 'name' | 'email' | 'message'>;

/** One newsletter address; an address is stored once however often it subscribes. */
export interface Subscription {
  email: string;
  /** ISO 8601, UTC: the first time it subscribed. */
  createdAt: string;
}

/** An order's statuses, in the only order they may follow. */
export type OrderStatus = 'processing' | 'shipped' | 'delivered';

/** Where an order goes: the shopper's delivery address as checkout sends it. */
export interface DeliveryAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** One line of an order, priced by the server from the catalogue when it was placed. */
export interface OrderLine {
  productId: string;
  /** The pack size's label, e.g. "100 g". */
  pack: string;
  /** The product's title with its pack size, as the cart names it. */
  name: string;
  quantity: number;
  /** The unit price paid, offer applied, in integer cents. */
  priceCents: number;
}

/** A status the order reached, and when (ISO 8601, UTC). */
export interface OrderEvent {
  status: OrderStatus;
  at: string;
}

export interface StoredOrder {
  /** `ORD-` followed by digits. */
  id: string;
  userId: string;
  /** The signed-in phone that placed it, as typed; tracking compares its digits. */
  phone: string;
  address: DeliveryAddress;
  totalCents: number;
  status: OrderStatus;
  /** ISO 8601, UTC. */
  createdAt: string;
  lines: OrderLine[];
  /** Oldest first; the first is always 'processing', at `createdAt`. */
  events: OrderEvent[];
}

export interface NewOrder {
  userId: string;
  phone: string;
  address: DeliveryAddress;
  lines: OrderLine[];
  totalCents: number;
  /** The client's key: the same key never makes a second order. */
  idempotencyKey: string;
  /** A digest of the request, to tell a repeat of it from another request under the same key. */
  requestHash: string;
}

export interface PlacedOrder {
  /** `repeated`: the same request came again; `key-reused`: another request used its key. */
  outcome: 'created' | 'repeated' | 'key-reused';
  order: StoredOrder;
}

export type OrderMove =
  | { ok: true; order: StoredOrder }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-allowed'; order: StoredOrder };

/** One page of the order list: `before` is the last order of the page before (none: the newest). */
export interface OrderPage {
  before?: Pick<StoredOrder, 'createdAt' | 'id'> | undefined;
  limit: number;
}

/**
 * Request counts kept in the database, so that every server process counts against one limit and
 * a restart forgets nothing. Windows are fixed, `windowMs` long, numbered from the epoch.
 */
export interface SharedLimits {
  /** Counts one request of `client` in `bucket`; the counts of its window and the one before. */
  count(
    bucket: string,
    client: string,
    windowMs: number,
    now: number,
  ): Promise<{ current: number; previous: number }>;
}

/** Where the shop keeps what shoppers send it: SQLite by default, PostgreSQL when configured. */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Opens the database and applies pending migrations; safe to call again after a failure. */
  ready(): Promise<void>;
  /** Reaches the database now and checks that every migration is applied; throws when not. */
  checkReady(): Promise<void>;
  /** Shared rate-limit counts (PostgreSQL); undefined when each process counts in memory (SQLite). */
  readonly sharedLimits: SharedLimits | undefined;
  saveContactMessage(input: NewContactMessage): Promise<ContactMessage>;
  /** `created` is false when the address was already subscribed. */
  subscribe(email: string): Promise<{ created: boolean }>;
  recentMessages(limit: number): Promise<ContactMessage[]>;
  recentSubscriptions(limit: number): Promise<Subscription[]>;
  /**
   * Stores the order, its lines and its first event in one transaction, unless its idempotency
   * key is taken: then answers the order stored under it, `repeated` when the request was the
   * same and `key-reused` when it was not.
   */
  placeOrder(order: NewOrder): Promise<PlacedOrder>;
  findOrder(id: string): Promise<StoredOrder | undefined>;
  /** Newest first: `limit` orders, after `before` (the last order of the previous page) if given. */
  listOrders(page: OrderPage): Promise<StoredOrder[]>;
  /** The newest `limit` orders: the first page of `listOrders`. */
  recentOrders(limit: number): Promise<StoredOrder[]>;
  /** Moves the status one step forward (processing, shipped, delivered) with a timed event. */
  moveOrder(id: string, to: 'shipped' | 'delivered'): Promise<OrderMove>;
  close(): Promise<void>;
}

/** The database cannot be reached or refused the operation; callers answer 503. */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}

/**
 * Recognises the error by name: the endpoints are bundled by Astro while the server creates the
 * store from source, so the two hold different copies of the class and `instanceof` fails.
 */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'StoreUnavailableError';
}
