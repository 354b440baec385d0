// `npm run orders`: the merchant's view of the orders, from the database DATABASE_URL or DATA_DIR
// points at (as the server does).
//   npm run orders [-- [list] N]   the N (default 20) latest orders, read a page at a time
//   npm run orders -- show ID      one order in full
//   npm run orders -- ship ID      processing -> shipped, with the time
//   npm run orders -- deliver ID   shipped -> delivered, with the time
//   npm run orders -- refund ID [--amount 4.50]   refund a card payment, whole or in part
//   npm run orders -- cancel ID    cancel an order not yet shipped (a card payment is refunded)
import { parseArgs } from 'node:util';
import { isDomestic } from '#src/lib/countries.ts';
import { deliveryWindow, formatLongDate } from '#src/lib/dates.ts';
import { formatMoney, fromCents } from '#src/lib/money.ts';
import { paymentLabel } from '#src/lib/payment.ts';
import {
  cancelOrder,
  COMMAND_LINE,
  moveOrderOn,
  refundCentsOf,
  refundOrder,
  shipmentOf,
  type FulfilmentResult,
} from '#src/server/orders/fulfilment.ts';
import { phoneForPeople } from '#src/server/identity/phone.ts';
import { createPayments, paymentSettingsFromEnv } from '#src/server/payments/settings.ts';
import type { Store, StoredOrder } from '#src/server/store/index.ts';
import type { Shipment } from '#src/server/store/types.ts';
import { answerHelp, countToList, fail, merchantStore, noteLinksWithoutSite } from './merchantCommand.ts';
import { terminalSafe } from './terminalText.ts';

const USAGE = `Usage:
  npm run orders [-- [list] N]   the N latest orders (default 20)
  npm run orders -- show ID      one order in full
  npm run orders -- ship ID [--carrier NAME] [--tracking CODE]
                                 mark a processing order shipped (the shopper is told)
  npm run orders -- deliver ID   mark a shipped order delivered
  npm run orders -- refund ID [--amount 4.50]
                                 refund a card payment through its provider, all that is left or
                                 the amount given (the shopper is told)
  npm run orders -- cancel ID    cancel an order that has not shipped: its stock goes back and a
                                 card payment is refunded (the shopper is told)`;

const safe = (value: string) => terminalSafe(value);

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const money = (cents: number) => formatMoney(fromCents(cents));
const lineCount = (order: StoredOrder) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** A phone as people write it (national at home, international otherwise), safe to print. */
const phone = (value: string) => safe(phoneForPeople(value));
/** Where an order goes: its country (none for orders placed before orders kept it). */
const country = (order: StoredOrder) => safe(order.address.country) || '-';

function summary(order: StoredOrder): string {
  return [
    order.id.padEnd(18),
    when(order.createdAt),
    phone(order.phone).padEnd(16),
    `${lineCount(order)} item${lineCount(order) === 1 ? '' : 's'}`.padEnd(9),
    money(order.totalCents).padStart(10),
    order.status.padEnd(16),
    country(order).padEnd(14),
    paymentLabel(order.payment),
  ].join('  ');
}

/** When the shopper was told the order would arrive, counted from its day for its country. */
function windowLine(order: StoredOrder): string {
  const { from, to } = deliveryWindow(new Date(order.createdAt), !isDomestic(order.address.country));
  return `Window   between ${formatLongDate(from, 'UTC')} and ${formatLongDate(to, 'UTC')}`;
}

function details(order: StoredOrder): string {
  const { address } = order;
  const place = [address.city, address.state, address.zip, address.country]
    .filter(Boolean)
    .map(safe)
    .join(', ');
  return [
    `Order ${order.id}  (${order.status})`,
    `Placed   ${when(order.createdAt)} by ${phone(order.phone)}${order.userId ? ` (user ${safe(order.userId)})` : ''}`,
    `Deliver  ${safe(address.name)}, ${safe(address.street)}, ${place}${address.phone ? `, ${phone(address.phone)}` : ''}`,
    windowLine(order),
    '',
    ...order.lines.map(
      (line) =>
        `  ${String(line.quantity).padStart(2)} x ${safe(line.name).padEnd(40)} ${money(line.priceCents).padStart(10)} ${money(line.priceCents * line.quantity).padStart(10)}`,
    ),
    ...(order.discount
      ? [`  ${`Discount ${order.discount.code}`.padEnd(56)}${`-${money(order.discount.cents)}`.padStart(10)}`]
      : []),
    `  ${'Total (shipping free)'.padEnd(56)}${money(order.totalCents).padStart(10)}`,
    `Payment  ${paymentLabel(order.payment)}${paidLine(order)}`,
    ...(order.gift
      ? [
          `Gift     ${order.gift.note ? `note (as the shopper wrote it): ${safe(order.gift.note)}` : 'no note'}; its packing slip shows no prices`,
        ]
      : []),
    '',
    'History',
    ...order.events.map(
      (event) => `  ${when(event.at)}  ${event.status}${event.detail ? `  ${safe(event.detail)}` : ''}`,
    ),
    ...shipmentLine(order.shipment),
  ].join('\n');
}

/** What a card order's notices said was paid and refunded. */
function paidLine({ payment }: StoredOrder): string {
  if (payment.method !== 'card' || payment.paidCents === 0) return '';
  const refunded = payment.refundedCents > 0 ? `, ${money(payment.refundedCents)} refunded` : '';
  return ` (${money(payment.paidCents)} paid${refunded})`;
}

/** Who carries the parcel and its tracking number, as `ship` was told (nothing when not told). */
function shipmentLine({ carrier, trackingCode }: StoredOrder['shipment']): string[] {
  const said = [carrier && `with ${safe(carrier)}`, trackingCode && `tracking number ${safe(trackingCode)}`];
  return said.some(Boolean) ? ['', `Shipped  ${said.filter(Boolean).join(', ')}`] : [];
}

/** Orders read from the database at once: memory stays the same however many are listed. */
const PAGE = 500;

/** Prints the `count` newest orders page by page, each page starting after the last one printed. */
async function list(store: Store, count: number): Promise<void> {
  console.log(`Orders (${store.kind}, newest first):\n`);
  let printed = 0;
  let before: StoredOrder | undefined;
  while (printed < count) {
    const page = await store.listOrders({ before, limit: Math.min(PAGE, count - printed) });
    for (const order of page) console.log(summary(order));
    printed += page.length;
    before = page.at(-1);
    if (page.length === 0 || !before) break;
  }
  console.log(`\n${printed} order${printed === 1 ? '' : 's'}`);
}

answerHelp(USAGE);
const args = process.argv.slice(2);
const [command = 'list', orderId = ''] = args;
const listing = command === 'list' ? args.slice(1) : /^[\d-]/.test(command) ? args : undefined;
const store = merchantStore();

/**
 * `--carrier NAME --tracking CODE` after `ship ID` (both optional): who carries the parcel and its
 * number, shown on the timeline and in the shipped message. A message when the words are off.
 */
function shipmentArgs(words: string[], to: 'shipped' | 'delivered'): Shipment | undefined | string {
  try {
    const { values } = parseArgs({
      args: words,
      options: { carrier: { type: 'string' }, tracking: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.carrier === undefined && values.tracking === undefined) return undefined;
    if (to !== 'shipped') return 'Only ship takes --carrier and --tracking.';
    return shipmentOf(values.carrier, values.tracking);
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}\n${USAGE}`;
  }
}

/** `--amount 4.50` after `refund ID`: the cents to refund, undefined for all that is left, or what is wrong. */
function refundAmount(words: string[]): number | undefined | string {
  try {
    const { values } = parseArgs({ args: words, options: { amount: { type: 'string' } }, strict: true });
    if (values.amount === undefined) return undefined;
    return (
      refundCentsOf(values.amount) ??
      `"${safe(values.amount)}" is not an amount: give dollars and cents above 0, such as --amount 4.50.`
    );
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}\n${USAGE}`;
  }
}

/** Prints what a refund or a cancel came to: the order as it is now, or why not (exit code 1). */
function report(result: FulfilmentResult, did: string): void {
  if (!result.ok) {
    fail(result.message);
    return;
  }
  const { order } = result;
  console.log(`${order.id} ${did}: ${order.status}, ${paymentLabel(order.payment)}${paidLine(order)}.`);
  noteLinksWithoutSite();
}
try {
  if (command === 'show') {
    const order = orderId ? await store.findOrder(orderId) : undefined;
    if (!orderId) fail(USAGE, 2);
    else if (args.length > 2) fail(`Too many arguments.\n${USAGE}`, 2);
    else if (!order) fail(`No order ${safe(orderId)}.`);
    else console.log(details(order));
  } else if (command === 'ship' || command === 'deliver') {
    const to = command === 'ship' ? 'shipped' : 'delivered';
    const shipment = shipmentArgs(args.slice(2), to);
    if (typeof shipment === 'string') fail(shipment, 2);
    else if (!orderId || orderId.startsWith('-')) fail(USAGE, 2);
    else {
      const moved = await moveOrderOn(store, orderId, to, COMMAND_LINE, shipment);
      if (!moved.ok) fail(terminalSafe(moved.message));
      else {
        console.log(`${moved.order.id} is now ${to}.`);
        noteLinksWithoutSite();
      }
    }
  } else if (command === 'refund' || command === 'cancel') {
    const amount = command === 'refund' ? refundAmount(args.slice(2)) : undefined;
    if (!orderId || orderId.startsWith('-')) fail(USAGE, 2);
    else if (typeof amount === 'string') fail(amount, 2);
    else if (command === 'cancel' && args.length > 2) fail(`Too many arguments.\n${USAGE}`, 2);
    else {
      const payments = createPayments(paymentSettingsFromEnv(), store);
      report(
        command === 'refund'
          ? await refundOrder(store, payments, orderId, COMMAND_LINE, amount)
          : await cancelOrder(store, payments, orderId, COMMAND_LINE),
        command === 'refund' ? 'refunded' : 'cancelled',
      );
    }
  } else if (listing) {
    const count = countToList(listing[0], 'orders', 'orders');
    if (listing.length > 1) fail(`Too many arguments.\n${USAGE}`, 2);
    else if (typeof count === 'string') fail(count, 2);
    else await list(store, count);
  } else {
    fail(`Unknown command "${safe(command)}".\n${USAGE}`, 2);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await store.close();
}
