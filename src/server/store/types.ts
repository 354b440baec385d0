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

/** Where the shop keeps what shoppers send it: SQLite by default, PostgreSQL when configured. */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Opens the database and applies pending migrations; safe to call again after a failure. */
  ready(): Promise<void>;
  saveContactMessage(input: NewContactMessage): Promise<ContactMessage>;
  /** `created` is false when the address was already subscribed. */
  subscribe(email: string): Promise<{ created: boolean }>;
  recentMessages(limit: number): Promise<ContactMessage[]>;
  recentSubscriptions(limit: number): Promise<Subscription[]>;
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
