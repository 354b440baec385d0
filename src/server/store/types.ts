import type { DiscountOff } from '#src/lib/discounts.ts';
import type { AddressFields, DeliveryAddress, SavedAddress } from '#src/lib/shapes/address.schema.ts';
import type { OrderEvent } from '#src/lib/shapes/order.schema.ts';
import type { OrderStatus } from '#src/lib/shapes/orders.ts';
import type { PaymentMethod, PaymentStatus } from '#src/lib/payment.ts';
import type { ReviewDraft } from '#src/lib/shapes/review.schema.ts';
import type { ReviewState } from '#src/lib/shapes/review.ts';
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

export type { OrderStatus } from '#src/lib/shapes/orders.ts';

export type { OrderEvent, OrderEventKind } from '#src/lib/shapes/order.schema.ts';

export type { DeliveryAddress } from '#src/lib/shapes/address.schema.ts';

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
  /**
   * The lot it was sold from, as the catalogue named it then: "Autumn 2025 harvest, Idukki,
   * Kerala · packed 12 Mar 2026". None for a product without lots and for orders placed before.
   */
  lot?: string;
}

/** How an order is paid, and what the provider's notices said was paid and refunded. */
interface StoredPayment {
  method: PaymentMethod;
  status: PaymentStatus;
  paidCents: number;
  refundedCents: number;
}

export interface StoredOrder {
  /** `ORD-` followed by digits. */
  id: string;
  /** The account that placed it (orders before accounts hold the browser's own user id). */
  userId: string;
  /** The account's phone in E.164 (older orders: as typed); tracking compares them normalised. */
  phone: string;
  address: DeliveryAddress;
  totalCents: number;
  status: OrderStatus;
  /** ISO 8601, UTC. */
  createdAt: string;
  lines: OrderLine[];
  /** Oldest first; the first is 'processing' or 'awaiting_payment', at `createdAt`. */
  events: OrderEvent[];
  payment: StoredPayment;
  /** Who carries it once shipped, and its tracking number with them (empty when not said). */
  shipment: Shipment;
  /** The code it was placed with and what it took off the lines' sum (`totalCents` is after it). */
  discount?: OrderDiscount;
  /** A gift: sent with its note (maybe empty), and a packing slip without prices. */
  gift?: { note: string };
}

export interface OrderDiscount {
  code: string;
  cents: number;
}

/** A discount code as the merchant made it, and how often it was used. */
export interface DiscountCode {
  /** In capitals: shoppers may type it in any case. */
  code: string;
  off: DiscountOff;
  /** The subtotal it needs, in cents (0: none). */
  minCents: number;
  /** ISO 8601: from when and until when it may be used (absent: no bound). */
  startsAt?: string;
  endsAt?: string;
  /** Uses in all, and per account (absent: no limit). */
  maxUses?: number;
  perAccount?: number;
  /** Orders placed with it and not cancelled. */
  used: number;
  disabledAt?: string;
  createdAt: string;
}

export type NewDiscountCode = Omit<DiscountCode, 'used' | 'disabledAt' | 'createdAt'>;

export interface Shipment {
  carrier: string;
  trackingCode: string;
}

/** What to tell of an order as it is stored: its tracking link's token hash and the messages. */
export interface OrderNewsToQueue {
  trackingHash: string;
  messages: (order: StoredOrder) => NewMessage[];
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
  /** A card order is stored awaiting its payment; one paid on delivery (the default) is processed at once. */
  paymentMethod?: PaymentMethod;
  /** Queued with the order, in its transaction (none: nobody is told). */
  news?: OrderNewsToQueue;
  /** A use of the code is counted in the order's transaction, within its limits. */
  discount?: OrderDiscount;
  gift?: { note: string };
}

export type PlacedOrder =
  | {
      /** `repeated`: the same request came again; `key-reused`: another request used its key. */
      outcome: 'created' | 'repeated' | 'key-reused';
      order: StoredOrder;
    }
  /** A counted pack had fewer left than a line asked for: nothing was stored. */
  | { outcome: 'short'; shortages: StockShortage[] }
  /** The code's last use (`used-up`) or the account's (`account`) was taken first: nothing was stored. */
  | { outcome: 'discount-spent'; reason: 'used-up' | 'account' };

/** One pack the merchant counts, and how many are left. A pack without one is not counted. */
export interface StockLevel {
  productId: string;
  /** The pack size's label, e.g. "100 g". */
  pack: string;
  count: number;
}

/** A line of an order that asked for more of a counted pack than is left. */
export interface StockShortage {
  productId: string;
  pack: string;
  available: number;
}

/** The merchant's change to one pack: `set` a count, or `add` to it (negative takes away, down to 0). */
export interface StockChange {
  productId: string;
  pack: string;
  change: 'set' | 'add';
  amount: number;
}

/** A pack a shopper asked to hear about when it is back in stock. */
export type RestockRequest = Pick<StockLevel, 'productId' | 'pack'>;

/** A buyer's review of a product as stored: one per account and product. */
export interface StoredReview extends ReviewDraft {
  id: string;
  productId: string;
  accountId: string;
  state: ReviewState;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** ISO 8601, UTC: when it was written or last edited. */
  updatedAt: string;
}

/** A review with its writer's name as their profile had it when they wrote or last edited it. */
export interface ReviewWithAuthor extends StoredReview {
  authorName: string;
}

/** How many approved reviews of a product gave `rating` stars. */
export interface RatingCount {
  productId: string;
  rating: number;
  count: number;
}

export type OrderMove =
  | { ok: true; order: StoredOrder }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-allowed'; order: StoredOrder };

/** A shopper's account: one per phone, wherever they sign in. */
export interface Account {
  id: string;
  /** E.164, e.g. `+14155550199`. */
  phone: string;
  name: string;
  email: string;
  /** A data URL of at most 100 KB, or empty. */
  picture: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Order news by text, and by email (when there is an address): on unless turned off. */
  smsNews: boolean;
  emailNews: boolean;
  /** `email` is the address the account confirmed through a link sent to it: order emails go only then. */
  emailConfirmed: boolean;
}

/** What following an email confirmation link did: the address it names is confirmed, or the link no longer works. */
export type EmailConfirmation = { confirmed: true; email: string } | { confirmed: false };

/** The profile fields to change; absent ones stay as they are. */
export type ProfileChanges = {
  [Field in 'name' | 'email' | 'picture']?: string | undefined;
} & { [Field in 'smsNews' | 'emailNews']?: boolean | undefined };

export type { AddressFields, SavedAddress } from '#src/lib/shapes/address.schema.ts';

/** A signed-in session, found by the hash of its cookie's secret. */
export interface Session {
  account: Account;
  /** ISO 8601, UTC. */
  expiresAt: string;
}

/**
 * What checking a sign-in code found: `wrong` counts against the code and the phone, `ended` means
 * too many for the code; `waitUntil` (ISO 8601): the phone spent its wrong guesses, nothing checked.
 */
export type CodeCheck = 'accepted' | 'wrong' | 'ended' | 'none' | { waitUntil: string };

/** At most `max` wrong codes for one phone in any `windowMs`, whichever codes they were for. */
export interface GuessBudget {
  windowMs: number;
  max: number;
}

/**
 * The kind of a sign-in code's message: sent at once by the request that asked, and kept in the
 * outbox for the record with its code blanked, so it is never sent from there.
 */
export const SIGN_IN_CODE = 'sign-in-code';

/** A message the shop sent (or tried to) to a shopper or the merchant. */
export interface OutboxMessage {
  id: string;
  /** What it is about, e.g. `sign-in-code`. */
  kind: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastError: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  sentAt: string | null;
  /** An email's HTML part (empty for a text message). */
  html: string;
}

/** A message to send, as the code that causes it writes it. */
export type NewMessage = Pick<OutboxMessage, 'kind' | 'channel' | 'recipient' | 'subject' | 'body'> &
  Partial<Pick<OutboxMessage, 'html'>>;

/** A message that went out, and the text its record keeps from now on. */
export type SentMessage = Pick<OutboxMessage, 'id' | 'body' | 'html'>;

/** A try to send a message that failed: try again at `retryAt`, or give up (null: marked failed). */
export interface SendFailure {
  error: string;
  retryAt: string | null;
}

/** A payment asked of a provider for an order: the order's first, or a "Pay now" after. */
export interface NewPayment {
  /** Random and unguessable: it names the payment to the provider and on the test provider's page. */
  id: string;
  orderId: string;
  provider: string;
  amountCents: number;
  /** ISO 4217, as the provider writes it (`usd`). */
  currency: string;
}

export interface PaymentRecord extends NewPayment {
  /** The provider's own id of it (a Checkout session); empty until the provider answered. */
  reference: string;
  /** The charge it became (a PaymentIntent), once a notice said; refunds go through it. */
  intent: string;
  /** Where the shopper pays: the provider's page. */
  pageUrl: string;
  state: 'creating' | 'open' | 'paid' | 'failed' | 'cancelled' | 'expired';
  createdAt: string;
}

/** What a provider's notice says, once its signature is checked, in the shop's words. */
type PaymentNoticeKind = 'paid' | 'processing' | 'failed' | 'cancelled' | 'expired' | 'refunded';

export interface PaymentNotice {
  provider: string;
  /** The provider's id of the event: each is handled once. */
  eventId: string;
  /** The provider's own name of the event (`checkout.session.completed`), kept for the record. */
  type: string;
  kind: PaymentNoticeKind;
  /** The shop's payment id, when the event carries it back (metadata). */
  paymentId?: string | undefined;
  reference?: string | undefined;
  intent?: string | undefined;
  /** What was paid, with `paid`. */
  amountCents?: number | undefined;
  currency?: string | undefined;
  /** Everything refunded of the payment so far, with `refunded`. */
  refundedCents?: number | undefined;
}

/** What came of a notice: `repeated` when its event was handled before, `mismatch` when its money was not the order's. */
export type SettledNotice =
  | { outcome: 'repeated' | 'unknown-payment' | 'too-early' }
  | {
      outcome: 'paid' | 'paid-after-cancel' | 'failed' | 'refunded' | 'mismatch' | 'no-change';
      order: StoredOrder;
    };

/** What the back office narrows the orders to: absent fields do not narrow. */
export interface OrderFilter {
  status?: OrderStatus | undefined;
  /** A way to pay (`card`, `delivery`) or a payment status (`paid`, `failed`…). */
  payment?: PaymentMethod | PaymentStatus | undefined;
  /** ISO 8601 bounds of the time placed: from (included), to (excluded). */
  from?: string | undefined;
  to?: string | undefined;
  /** Part of the order id, of the phone's digits, or of the delivery address's name. */
  search?: string | undefined;
  limit: number;
  offset: number;
}

/** What the back office's Today shows: since midnight, and what waits for the merchant. */
export interface ShopToday {
  orders: number;
  totalCents: number;
  /** Orders paid or paid on delivery, not shipped yet. */
  toShip: number;
  failedMessages: number;
  pendingReviews: number;
}

/** Someone who acts for the shop: a merchant's account, or the command line. */
export interface MerchantActor {
  /** Empty for the command line. */
  accountId: string;
  /** How the record names them: the merchant's phone, or "command line". */
  name: string;
}

/** One thing a merchant did, as recorded. */
export interface MerchantAction {
  id: string;
  accountId: string;
  actor: string;
  /** `ship`, `deliver`, `cancel`, `refund`, `count`, `approve`, `hide`, `resend`. */
  action: string;
  /** What it acted on: an order id, `stock:<product>:<pack>`, `review:<id>`, `message:<id>`. */
  target: string;
  before: string;
  after: string;
  at: string;
}

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

/** Opening and closing the database. */
interface StoreLifecycle {
  readonly kind: 'sqlite' | 'postgres';
  /** Opens the database and applies pending migrations; safe to call again after a failure. */
  ready(): Promise<void>;
  /** Reaches the database now and checks that every migration is applied; throws when not. */
  checkReady(): Promise<void>;
  close(): Promise<void>;
}

/** Orders: placing them with their stock, reading them, moving them on. */
interface OrderStore {
  /**
   * Stores the order, its lines and its first event in one transaction, and takes the stock of
   * every counted pack it holds there too: when one has too few left, nothing is stored and the
   * answer is `short`, with what is left of each. When its idempotency key is taken, answers the
   * order stored under it, `repeated` when the request was the same and `key-reused` when not.
   */
  placeOrder(order: NewOrder): Promise<PlacedOrder>;
  findOrder(id: string): Promise<StoredOrder | undefined>;
  /** Newest first: `limit` orders, after `before` (the last order of the previous page) if given. */
  listOrders(page: OrderPage): Promise<StoredOrder[]>;
  /** The newest `limit` orders: the first page of `listOrders`. */
  recentOrders(limit: number): Promise<StoredOrder[]>;
  /** One account's orders, newest first, `limit` from `offset`. */
  accountOrders(userId: string, page: { limit: number; offset: number }): Promise<StoredOrder[]>;
  /** The order stored under an idempotency key, with the request digest it was stored for. */
  orderByKey(key: string): Promise<{ order: StoredOrder; requestHash: string } | undefined>;
  /** Moves the status one step forward (processing, shipped, delivered) with a timed event. */
  moveOrder(
    id: string,
    to: 'shipped' | 'delivered',
    news?: OrderNewsToQueue,
    shipment?: Shipment,
  ): Promise<OrderMove>;
  /** The order a tracking link's token hash belongs to. */
  orderByTrackingHash(hash: string): Promise<StoredOrder | undefined>;
  /** The back office's orders, newest first, narrowed by `filter`. */
  findOrders(filter: OrderFilter): Promise<StoredOrder[]>;
  /** Orders and their total since `since` (ISO 8601), and what waits for the merchant. */
  shopToday(since: string): Promise<ShopToday>;
}

/** Card payments, their notices, refunds and cancelling. */
interface PaymentStore {
  /** Keeps a payment about to be asked of its provider (state `creating`). */
  createPayment(payment: NewPayment): Promise<PaymentRecord>;
  /** The provider answered: its id of the payment, and the page the shopper pays on. */
  openPayment(id: string, reference: string, pageUrl: string): Promise<void>;
  findPayment(id: string): Promise<PaymentRecord | undefined>;
  /** The newest payment asked for an order. */
  latestPayment(orderId: string): Promise<PaymentRecord | undefined>;
  /** The newest payment of an order that its provider said was paid. */
  paidPayment(orderId: string): Promise<PaymentRecord | undefined>;
  /**
   * Stores a verified notice by its event id and applies it in one transaction, once however
   * often and wherever it arrives; `news` is what to tell when it marks the order paid.
   */
  settlePayment(
    notice: PaymentNotice,
    news: (order: StoredOrder) => OrderNewsToQueue | undefined,
  ): Promise<SettledNotice>;
  /** An order awaiting payment is paid on delivery instead: processed now, `news` queued. */
  payOnDelivery(orderId: string, news: OrderNewsToQueue): Promise<OrderMove>;
  /** Cancels an order in one of the statuses `from`, returning its stock, with `why` on its timeline. */
  cancelOrder(
    orderId: string,
    why: string,
    from: readonly OrderStatus[],
    news?: OrderNewsToQueue,
  ): Promise<OrderMove>;
  /** Counts a refund of `cents` the provider made, if the order had `refundedBefore` refunded. */
  recordRefund(
    orderId: string,
    cents: number,
    refundedBefore: number,
    news?: OrderNewsToQueue,
  ): Promise<OrderMove>;
  /** Orders still awaiting payment placed before `before`, oldest first. */
  unpaidOrders(before: string, limit: number): Promise<string[]>;
}

/** Stock per pack, and back-in-stock requests. */
interface StockStore {
  /**
   * The counted packs, of `productIds` only when given (uncounted packs follow their Markdown
   * `inStock`), by product and pack.
   */
  stockLevels(productIds?: readonly string[]): Promise<StockLevel[]>;
  /**
   * Sets or adds to a pack's count (a pack not counted yet starts from 0). When the count ends
   * above 0, every back-in-stock request for the pack becomes one queued text, `notice`, in the
   * same transaction, and is done. Answers the new count and how many texts were queued.
   */
  changeStock(change: StockChange, notice: string): Promise<{ count: number; notified: number }>;
  /** The packs an account asked to hear about, oldest first. */
  restockRequests(accountId: string): Promise<RestockRequest[]>;
  /** Asks (`wanted`) or stops asking to be told when a pack is back; asking twice keeps one request. */
  setRestockRequest(accountId: string, request: RestockRequest, wanted: boolean): Promise<void>;
}

/** Shoppers' reviews and their moderation. */
interface ReviewStore {
  /** True when the account has a delivered order holding the product: only then may it review it. */
  mayReview(accountId: string, productId: string): Promise<boolean>;
  ownReview(accountId: string, productId: string): Promise<StoredReview | undefined>;
  /**
   * Writes the account's review of a product, or rewrites it: either way it waits for the
   * merchant (`pending`). `not-buyer` (nothing stored) without a delivered order of the product.
   */
  saveReview(accountId: string, productId: string, draft: ReviewDraft): Promise<StoredReview | 'not-buyer'>;
  /** False when the account had no review of the product. */
  deleteReview(accountId: string, productId: string): Promise<boolean>;
  /** A product's approved reviews, newest first, `limit` from `offset`. */
  approvedReviews(productId: string, page: { limit: number; offset: number }): Promise<ReviewWithAuthor[]>;
  /** Approved reviews counted per product and star (of `productId` only when given). */
  ratingCounts(productId?: string): Promise<RatingCount[]>;
  /** Reviews for the back office, waiting ones first, each with its buyer's delivered order of the product. */
  reviewsToModerate(limit: number): Promise<(ReviewWithAuthor & { deliveredOrder: string })[]>;
  /** Every pending review, oldest first: what the merchant has to read. */
  pendingReviews(): Promise<ReviewWithAuthor[]>;
  /** Shows (`approved`) or hides a review; undefined when there is no such review. */
  moderateReview(id: string, state: 'approved' | 'hidden'): Promise<StoredReview | undefined>;
}

/** Accounts, their addresses and emails, and sessions. */
interface AccountStore {
  /** The account of a phone (E.164), created with an empty profile on its first sign-in. */
  accountForPhone(phone: string): Promise<Account>;
  findAccount(id: string): Promise<Account | undefined>;
  updateProfile(id: string, changes: ProfileChanges): Promise<Account | undefined>;
  /** Oldest first. */
  addresses(accountId: string): Promise<SavedAddress[]>;
  /** `full` when the book already holds `max` addresses. */
  addAddress(accountId: string, fields: AddressFields, max: number): Promise<SavedAddress | 'full'>;
  /** False when the account has no such address. */
  removeAddress(accountId: string, id: string): Promise<boolean>;
  createSession(tokenHash: string, accountId: string, expiresAt: string): Promise<void>;
  /** The live session of a token hash (not expired at `now`). */
  findSession(tokenHash: string, now: string): Promise<Session | undefined>;
  extendSession(tokenHash: string, expiresAt: string): Promise<void>;
  endSession(tokenHash: string): Promise<void>;
  /** Ends every session of the account; answers how many there were. */
  endAllSessions(accountId: string): Promise<number>;
  /**
   * Starts confirming the account's email `email` (still its address): the account's earlier
   * links end, `tokenHash` names the new one until `expiresAt`, and `message` (the email that
   * carries it) is queued in the same transaction. False when the account's address is no
   * longer `email`.
   */
  startEmailConfirmation(link: {
    accountId: string;
    email: string;
    tokenHash: string;
    expiresAt: string;
    message: NewMessage;
  }): Promise<boolean>;
  /** Uses up the link of `tokenHash`: confirms its address when the link is live and the address still the account's. */
  confirmEmail(tokenHash: string, now: string): Promise<EmailConfirmation>;
}

/** Sign-in codes and the budgets that limit guesses, texts and requests. */
interface LimitStore {
  /** Shared rate-limit counts (PostgreSQL); undefined when each process counts in memory (SQLite). */
  readonly sharedLimits: SharedLimits | undefined;
  /**
   * Makes `codeHash` the phone's live code unless one was sent after `resendAfter` (then
   * answers when that was), and records the send.
   */
  startCode(code: {
    phone: string;
    codeHash: string;
    now: string;
    expiresAt: string;
    resendAfter: string;
  }): Promise<{ started: true } | { started: false; sentAt: string }>;
  /** The times of the phone's sends since `since`, oldest first. */
  codeSends(phone: string, since: string): Promise<string[]>;
  /** The codes sent to every phone since `since`: how many, and when the oldest went. */
  textsSince(since: string): Promise<{ count: number; oldest: string | undefined }>;
  /**
   * Records that the shop's texts for `hour` are spent and queues `notice` (to the merchant), only
   * the first time for that hour on any server: answers whether this was that first time.
   */
  noteTextsSpent(hour: string, notice: readonly NewMessage[]): Promise<boolean>;
  /** Takes back a code whose message could not be sent, so the shopper may ask again at once. */
  withdrawCode(phone: string, codeHash: string): Promise<void>;
  /**
   * Uses the code once when it matches; otherwise counts a wrong check against it and against the
   * phone. While the phone's wrong checks fill a budget, checks nothing and says until when.
   */
  checkCode(check: {
    phone: string;
    codeHash: string;
    now: string;
    maxAttempts: number;
    budgets: readonly GuessBudget[];
  }): Promise<CodeCheck>;
  /** Until when (ISO 8601) the phone's wrong checks fill one of `budgets`; undefined when none is full. */
  guessWait(phone: string, budgets: readonly GuessBudget[], now: string): Promise<string | undefined>;
  /** The stored value of a shared secret, storing `candidate` if there is none yet. */
  sharedSecret(name: string, candidate: string): Promise<string>;
}

/** What shoppers send the shop, and the outbox of what the shop sends them. */
interface MessageStore {
  saveContactMessage(input: NewContactMessage): Promise<ContactMessage>;
  /** `created` is false when the address was already subscribed. */
  subscribe(email: string): Promise<{ created: boolean }>;
  recentMessages(limit: number): Promise<ContactMessage[]>;
  recentSubscriptions(limit: number): Promise<Subscription[]>;
  /** Keeps a message sent outside the queue (a sign-in code), in its final state, for the record. */
  recordMessage(message: Omit<OutboxMessage, 'createdAt' | 'html'>): Promise<void>;
  /**
   * Takes up to `limit` pending messages that are due at `now` for this process to send: each is
   * held until `leaseUntil` (another process takes it after that, if this one died sending) and
   * counts an attempt. On PostgreSQL two processes never take the same message.
   */
  claimDueMessages(limit: number, now: string, leaseUntil: string): Promise<OutboxMessage[]>;
  failMessage(id: string, failure: SendFailure): Promise<void>;
  /** Marks a message sent, keeping the text given. */
  markSent(sent: SentMessage, now: string): Promise<void>;
  /**
   * Puts a failed message back in the queue, due now; false when there is no such failed message,
   * or it is a sign-in code (its code is not kept: the shopper asks for a new one).
   */
  resendMessage(id: string, now: string): Promise<boolean>;
  /** Newest first. */
  recentOutbox(limit: number): Promise<OutboxMessage[]>;
  /** Failed messages first, then the newest. */
  outboxToCheck(limit: number): Promise<OutboxMessage[]>;
  /** The messages about an order, oldest first. */
  messagesAbout(orderId: string): Promise<OutboxMessage[]>;
}

/** Merchants and a record of their actions. */
interface MerchantStore {
  /** Makes a phone (E.164) a merchant; false when it was one. */
  addMerchant(phone: string): Promise<boolean>;
  /** False when the phone was not a merchant. */
  removeMerchant(phone: string): Promise<boolean>;
  /** The phones made merchants with the command, oldest first. */
  merchantPhones(): Promise<string[]>;
  recordMerchantAction(action: Omit<MerchantAction, 'id' | 'at'>): Promise<void>;
  /** Newest first; of one target only when given. */
  merchantActions(page: { target?: string; limit: number }): Promise<MerchantAction[]>;
}

/** Discount codes and their uses. */
interface DiscountStore {
  /** False when the code exists already (disabled or not). */
  addDiscountCode(code: NewDiscountCode): Promise<boolean>;
  /** Newest first. */
  discountCodes(): Promise<DiscountCode[]>;
  /** The code in capitals. */
  findDiscountCode(code: string): Promise<DiscountCode | undefined>;
  /** False when there is no such code, or it was disabled before. */
  disableDiscountCode(code: string): Promise<boolean>;
  /** How many orders (not cancelled) the account placed with the code. */
  discountUsesBy(code: string, accountId: string): Promise<number>;
}

/**
 * Where the shop keeps what shoppers send it: SQLite by default, PostgreSQL when configured. One
 * interface per domain, put together here (src/server/store/sqlStore.ts implements them all).
 */
export interface Store
  extends
    StoreLifecycle,
    OrderStore,
    PaymentStore,
    StockStore,
    ReviewStore,
    AccountStore,
    LimitStore,
    MessageStore,
    MerchantStore,
    DiscountStore {}

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
