import type { APIContext } from 'astro';
import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { HOME_COUNTRY } from '#src/lib/countries.ts';
import { profileChanges } from '#src/lib/shapes/account.schema.ts';
import { REQUIRED_ADDRESS_FIELDS } from '#src/lib/shapes/address.ts';
import { addressFields } from '#src/lib/shapes/address.schema.ts';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#src/lib/shapes/contact.ts';
import { contactMessage } from '#src/lib/shapes/contact.schema.ts';
import { orderRequest } from '#src/lib/shapes/order.schema.ts';
import { GIFT_NOTE_MAX, ORDER_STATUSES, isOrderStatus } from '#src/lib/shapes/orders.ts';
import { postedReview, publishedReview } from '#src/lib/shapes/review.schema.ts';
import { restockRequest, stockAnswer } from '#src/lib/shapes/stock.schema.ts';
import { publishedReview as publish } from '#src/server/reviews/api.ts';
import { readStock } from '#src/server/stock/api.ts';

/** The first message a schema gives for `value`, as the API answers it; undefined when it passes. */
function problem(schema: z.ZodType, value: unknown): string | undefined {
  const checked = schema.safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

const ORDER = {
  items: [{ productId: 'cumin-seeds', pack: '100 g', quantity: 1 }],
  address: { name: 'Asha Rao', street: '214 Spice Mill Lane', city: 'San Francisco' },
  total: 6.5,
};

describe('the address rule', () => {
  it('asks of each form its own fields: checkout a recipient, the profile a label', () => {
    expect(REQUIRED_ADDRESS_FIELDS).toEqual({
      checkout: ['name', 'street', 'city'],
      profile: ['label', 'street', 'city'],
    });
  });

  it('holds the address book to what every form requires: street and city', () => {
    expect(problem(addressFields, { street: '9 Dock Rd', city: 'Seattle' })).toBeUndefined();
    expect(problem(addressFields, { label: 'Office', city: 'Seattle' })).toBe('Street Address is required.');
    expect(problem(addressFields, { name: 'Asha', street: '9 Dock Rd', city: '  ' })).toBe(
      'City is required.',
    );
    expect(addressFields.parse({ street: ' 9 Dock Rd ', city: 'Seattle' })).toEqual({
      label: '',
      name: '',
      street: '9 Dock Rd',
      city: 'Seattle',
      state: '',
      zip: '',
      country: '',
      phone: '',
    });
  });

  it("holds an order's address to checkout's rule", () => {
    expect(problem(orderRequest, ORDER)).toBeUndefined();
    for (const [field, label] of [
      ['name', 'Full Name'],
      ['street', 'Street Address'],
      ['city', 'City'],
    ] as const) {
      const address = { ...ORDER.address, [field]: '' };
      expect(problem(orderRequest, { ...ORDER, address })).toBe(`${label} is required.`);
    }
    expect(orderRequest.parse(ORDER).address.country).toBe(HOME_COUNTRY);
  });
});

describe('the contact limits', () => {
  const message = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };

  it('take a name and a message up to their limits, counted in characters', () => {
    const longest = {
      ...message,
      name: '🌶'.repeat(CONTACT_NAME_MAX),
      message: 'a'.repeat(CONTACT_MESSAGE_MAX),
    };
    expect(problem(contactMessage, longest)).toBeUndefined();
  });

  it('refuse one character more, in the words the form shows', () => {
    expect(problem(contactMessage, { ...message, name: 'a'.repeat(CONTACT_NAME_MAX + 1) })).toBe(
      'Name must be at most 100 characters.',
    );
    expect(problem(contactMessage, { ...message, message: 'a'.repeat(CONTACT_MESSAGE_MAX + 1) })).toBe(
      'Message must be at most 5,000 characters.',
    );
    expect(problem(contactMessage, { ...message, message: ' ' })).toBe('Message is required.');
  });
});

describe('the order rules', () => {
  it('know the five statuses, and nothing else', () => {
    expect(ORDER_STATUSES).toEqual(['awaiting_payment', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(isOrderStatus('shipped')).toBe(true);
    expect(isOrderStatus('lost')).toBe(false);
  });

  it('take a gift note up to a card’s worth', () => {
    const gift = (note: string) => ({ ...ORDER, gift: { note } });
    expect(problem(orderRequest, gift('a'.repeat(GIFT_NOTE_MAX)))).toBeUndefined();
    expect(problem(orderRequest, gift('a'.repeat(GIFT_NOTE_MAX + 1)))).toBe(
      'Gift note must be at most 300 characters.',
    );
  });
});

describe('the other shapes posted', () => {
  it('a review: 1 to 5 stars, its title and text within their limits', () => {
    expect(postedReview.parse({ rating: 5 })).toEqual({ rating: 5, title: '', text: '' });
    expect(problem(postedReview, { rating: 6 })).toBe('Rating: choose from 1 to 5 stars.');
    expect(problem(postedReview, { rating: 4, title: 'a'.repeat(101) })).toBe(
      'Title must be at most 100 characters.',
    );
  });

  it("a restock request and a profile's changes", () => {
    expect(problem(restockRequest, { productId: 'saffron', pack: '1 g' })).toBe(
      'Notify must be true (tell me) or false (stop).',
    );
    expect(profileChanges.parse({ email: ' Asha@Example.com ' })).toEqual({ email: 'asha@example.com' });
    expect(problem(profileChanges, { email: 'asha' })).toBe('Email Address must be a valid email address.');
  });
});

// The other answers the browser reads are held to their schemas in the stores' tests (stores/shopApi.ts).
describe('the answers', () => {
  it('of GET /api/v1/stock are as its schema says', async () => {
    const store = { stockLevels: async () => [{ productId: 'saffron', pack: '1 g', count: 3 }] };
    const url = new URL('http://localhost/api/v1/stock');
    const response = await readStock({ url, locals: { store } } as unknown as APIContext);
    const body: unknown = await response.json();
    expect(stockAnswer.parse(body)).toEqual(body);
    expect(body).toEqual({ success: true, stock: { saffron: { '1 g': 3 } } });
  });

  it('of a listed review are as its schema says', () => {
    const listed = publish({
      id: 'r1',
      accountId: 'a1',
      productId: 'sumac',
      rating: 5,
      title: 'Bright',
      text: 'Tart and fresh.',
      state: 'approved',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
      authorName: 'Asha Rao',
    });
    expect(publishedReview.parse(listed)).toEqual(listed);
  });
});
