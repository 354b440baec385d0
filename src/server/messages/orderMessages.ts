import { createHash, randomBytes } from 'node:crypto';
import { isDomestic, SHIPPING_COUNTRIES } from '#src/lib/countries.ts';
import { deliveryWindow, formatLongDate } from '#src/lib/dates.ts';
import { formatMoney } from '#src/lib/money.ts';
import { phoneForPeople } from '#src/server/identity/phone.ts';
import { wholeNumberSetting } from '#src/server/envSettings.ts';
import type { NewMessage, StoredOrder } from '#src/server/store/types.ts';

/** What the shop says about an order, and when: every text of it is here, once. */
export type OrderNews = 'placed' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/**
 * Who hears of an order, and how they chose to: by text, and by email when they have an address
 * they confirmed (a link in a first email, src/server/accounts/emailConfirmation.ts).
 */
export interface Recipient {
  phone: string;
  email: string;
  smsNews: boolean;
  emailNews: boolean;
  emailConfirmed: boolean;
}

/**
 * How many days after delivery a tracking link still shows its order: `TRACKING_LINK_DAYS`, 90
 * unless set. A link forwarded or left in a mailbox should not show the order for ever.
 */
export const trackingLinkDaysFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  wholeNumberSetting(env, 'TRACKING_LINK_DAYS', 90, 1, 36_500);

/** A new tracking link's secret (128 random bits) and the hash the database keeps of it. */
export function newTrackingToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, hash: trackingTokenHash(token) };
}

export const trackingTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The shop's public origin, which every link in a message leads to: `SITE_URL`. */
export const shopSite = (env: NodeJS.ProcessEnv = process.env) => env['SITE_URL'] || 'http://localhost:4321';

/** The page that follows an order without a phone: `SITE_URL`'s, with the token in its query. */
export function trackingLink(orderId: string, token: string, env: NodeJS.ProcessEnv = process.env): string {
  return new URL(`/track-order/${encodeURIComponent(orderId)}?t=${token}`, shopSite(env)).href;
}

/** `text` with every tracking link's token blanked out: for logs, screens and sent messages' records. */
export const withoutTrackingTokens = (text: string) => text.replace(/([?&]t=)[\w-]+/g, '$1…');

const money = (cents: number) => formatMoney(cents / 100);
const byCard = (order: StoredOrder) => order.payment.method === 'card';
/** How the order is paid, as a message ends its total: "paid by card" or "paid on delivery". */
const paidHow = (order: StoredOrder) => (byCard(order) ? 'paid by card' : 'paid on delivery');
const items = (order: StoredOrder) => order.lines.reduce((sum, line) => sum + line.quantity, 0);

/** A country as a sentence names it: "the United Kingdom", "the Netherlands", "India". */
const countryInProse = (country: string) =>
  /^(United |Netherlands|Philippines)/.test(country) ? `the ${country}` : country;

/**
 * Where the order goes and when it should arrive, from its day and its country (the window every
 * view shows): "Delivery to London, the United Kingdom, between December 14, 2026 and December 23,
 * 2026." An order placed before orders kept their country names its city alone.
 */
function deliveryLine(order: StoredOrder): string {
  const { city, country } = order.address;
  const { from, to } = deliveryWindow(new Date(order.createdAt), !isDomestic(country));
  const place = [city, country && countryInProse(country)].filter(Boolean).join(', ');
  return `Delivery to ${place}, between ${formatLongDate(from, 'UTC')} and ${formatLongDate(to, 'UTC')}.`;
}

/** The delivery address in one line, its phone as people write it. */
function addressLine({ address }: StoredOrder): string {
  const region = [address.state, address.zip].filter(Boolean).join(' ');
  const locality = [address.city, region].filter(Boolean).join(', ');
  const phone = address.phone && phoneForPeople(address.phone);
  return [address.name, address.street, locality, address.country, phone].filter(Boolean).join(', ');
}

/** The one line each piece of news says, in the shop's voice. */
function headline(news: OrderNews, order: StoredOrder): string {
  switch (news) {
    case 'placed':
      return byCard(order)
        ? `Thank you! Order ${order.id} for ${money(order.totalCents)} is paid by card and placed. ${deliveryLine(order)}`
        : `Thank you! Order ${order.id} for ${money(order.totalCents)} is placed. You pay on delivery. ${deliveryLine(order)}`;
    case 'shipped': {
      const { carrier, trackingCode } = order.shipment;
      const number = trackingCode ? ` (tracking number ${trackingCode})` : '';
      const by = carrier ? ` with ${carrier}${number}` : number;
      const where = order.address.country ? ` in ${countryInProse(order.address.country)}` : '';
      return `Good news: order ${order.id} has left our warehouse${by} and is on its way to you${where}.`;
    }
    case 'delivered':
      return `Order ${order.id} was delivered. We hope it brightens your cooking.`;
    case 'cancelled': {
      const refunded = order.payment.refundedCents;
      const back = refunded > 0 ? ` and ${money(refunded)} refunded to your card` : '';
      return `Order ${order.id} is cancelled${back}. We are sorry it could not go ahead.`;
    }
    case 'refunded':
      return `We have refunded ${money(order.payment.refundedCents)} of order ${order.id} to your card (${money(order.payment.paidCents)} was paid).`;
  }
}

const SUBJECTS: Record<OrderNews, (id: string) => string> = {
  placed: (id) => `Your order ${id} is placed`,
  shipped: (id) => `Your order ${id} is on its way`,
  delivered: (id) => `Your order ${id} was delivered`,
  cancelled: (id) => `Your order ${id} is cancelled`,
  refunded: (id) => `A refund for your order ${id}`,
};

/** What a gift order says of its note, to its shopper: "A gift, with your note: “…”". */
function giftLine(order: StoredOrder): string | undefined {
  if (!order.gift) return undefined;
  return order.gift.note === '' ? 'Sent as a gift.' : `A gift, with your note: “${order.gift.note}”`;
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The email of a piece of news: plain text and simple HTML, with the order's lines. */
function email(
  news: OrderNews,
  order: StoredOrder,
  link: string,
): Pick<NewMessage, 'subject' | 'body' | 'html'> {
  const lines = order.lines.map(
    (line) => `${line.quantity} x ${line.name}  ${money(line.priceCents * line.quantity)}`,
  );
  const discount = order.discount && `Discount ${order.discount.code}  -${money(order.discount.cents)}`;
  const gift = news === 'placed' ? giftLine(order) : undefined;
  const body = [
    headline(news, order),
    '',
    ...lines,
    ...(discount ? [discount] : []),
    `Total ${money(order.totalCents)}, ${paidHow(order)}.`,
    `Deliver to: ${addressLine(order)}`,
    ...(gift ? ['', gift] : []),
    '',
    `Follow your order: ${link}`,
    '',
    'Saffron & Stone',
  ].join('\n');
  const html = `<p>${escapeHtml(headline(news, order))}</p>
<table>${order.lines
    .map(
      (line) =>
        `<tr><td>${line.quantity} x ${escapeHtml(line.name)}</td><td>${money(line.priceCents * line.quantity)}</td></tr>`,
    )
    .join('')}${
    discount
      ? `<tr><td>Discount ${escapeHtml(order.discount?.code ?? '')}</td><td>-${money(order.discount?.cents ?? 0)}</td></tr>`
      : ''
  }</table>
<p>Total ${money(order.totalCents)}, ${paidHow(order)}.</p>
<p>Deliver to: ${escapeHtml(addressLine(order))}</p>${gift ? `\n<p>${escapeHtml(gift)}</p>` : ''}
<p><a href="${escapeHtml(link)}">Follow your order</a></p>
<p>Saffron &amp; Stone</p>`;
  return { subject: SUBJECTS[news](order.id), body, html };
}

/** The shopper's messages about `news`: a text to the phone, and an email to a confirmed address. */
export function shopperMessages(
  news: OrderNews,
  order: StoredOrder,
  to: Recipient,
  link: string,
): NewMessage[] {
  const kind = `order-${news}`;
  const messages: NewMessage[] = [];
  if (to.smsNews) {
    const gift = news === 'placed' ? giftLine(order) : undefined;
    const body = `Saffron & Stone: ${headline(news, order)}${gift ? ` ${gift}` : ''} Follow it: ${link}`;
    messages.push({ kind, channel: 'sms', recipient: to.phone, subject: '', body });
  }
  if (to.email && to.emailNews && to.emailConfirmed) {
    messages.push({ kind, channel: 'email', recipient: to.email, ...email(news, order, link) });
  }
  return messages;
}

/** A note to the merchant, to `MERCHANT_PHONE` and `MERCHANT_EMAIL` when they are set. */
export function merchantNote(
  { kind, subject, note }: { kind: string; subject: string; note: string },
  env: NodeJS.ProcessEnv = process.env,
): NewMessage[] {
  const messages: NewMessage[] = [];
  const phone = env['MERCHANT_PHONE'];
  const address = env['MERCHANT_EMAIL'];
  if (phone) messages.push({ kind, channel: 'sms', recipient: phone, subject: '', body: note });
  if (address) {
    messages.push({
      kind,
      channel: 'email',
      recipient: address,
      subject,
      body: note,
      html: `<p>${escapeHtml(note)}</p>`,
    });
  }
  return messages;
}

/**
 * Words a shopper wrote, quoted to the merchant as theirs, so that they cannot pass for the shop's
 * own ("Pune. Shop notice: call …"): in quotes they cannot close, and said to be the shopper's.
 */
const shopperWords = (text: string) => `“${text.replace(/[“”"]/g, "'")}” (as the shopper wrote it)`;

/**
 * The country an order goes to, as the merchant is told it: in the shop's words when it is one the
 * shop delivers to (checkout's choice), else quoted as the shopper's (an API client's own text).
 */
const countryWords = (country: string) =>
  (SHIPPING_COUNTRIES as readonly string[]).includes(country) ? country : shopperWords(country);

/** The merchant's note of a new order. */
export function merchantMessages(order: StoredOrder, env: NodeJS.ProcessEnv = process.env): NewMessage[] {
  const discount = order.discount
    ? ` after ${money(order.discount.cents)} off with ${order.discount.code}`
    : '';
  const gift = !order.gift
    ? ''
    : order.gift.note === ''
      ? ' A gift: pack it without prices.'
      : ` A gift: pack it without prices, with the note ${shopperWords(order.gift.note)}.`;
  const { city, country } = order.address;
  const to = `${shopperWords(city)}${country ? `, ${countryWords(country)}` : ''}`;
  const note = `New order ${order.id}: ${items(order)} item${items(order) === 1 ? '' : 's'}, ${money(order.totalCents)}${discount} ${paidHow(order)}, to ${to}.${gift} See it with npm run orders -- show ${order.id}.`;
  return merchantNote({ kind: 'merchant-new-order', subject: `New order ${order.id}`, note }, env);
}
