import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, KNOWN_CARRIERS } from '#src/lib/carriers.ts';
import { normaliseOrderId } from '#src/lib/orderId.ts';
import { stepsToCome } from '#src/stores/tracking.ts';

describe('an order id as a shopper types it', () => {
  it('is the shop’s form in any letter case, with or without ORD-, spaces around it', () => {
    for (const typed of [
      'ORD-123456789012',
      'ord-123456789012',
      'Ord 123456789012',
      ' 123456789012 ',
      'ORD123456789012',
    ]) {
      expect(normaliseOrderId(typed), typed).toBe('ORD-123456789012');
    }
  });

  it('keeps anything else as typed, so it finds nothing rather than another order', () => {
    expect(normaliseOrderId(' ORD-12x ')).toBe('ORD-12x');
    expect(normaliseOrderId('order-5')).toBe('order-5');
    expect(normaliseOrderId('')).toBe('');
  });
});

describe("a carrier's tracking page", () => {
  it('is linked for the well-known carriers, by name in any case, the number encoded', () => {
    expect(carrierTrackingUrl('UPS', '1Z999AA1')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    expect(carrierTrackingUrl('usps', '9400 1000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000',
    );
    expect(carrierTrackingUrl('royal mail', 'AB123456789GB')).toContain('royalmail.com');
    expect(carrierTrackingUrl('Fed-Ex', '1234')).toContain('fedex.com');
    expect(carrierTrackingUrl('DHL', 'a&b=c')).toContain('tracking-id=a%26b%3Dc');
    expect(KNOWN_CARRIERS).toEqual(['USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Canada Post']);
  });

  it('is none for a carrier the shop does not know, or without a number', () => {
    expect(carrierTrackingUrl('Joe’s Vans', '123')).toBeUndefined();
    expect(carrierTrackingUrl('UPS', '  ')).toBeUndefined();
    expect(carrierTrackingUrl('', '123')).toBeUndefined();
  });
});

describe('the steps still to come', () => {
  it('follow the order along its way, and end once it is delivered, cancelled or refunded', () => {
    const names = (status: string) => stepsToCome(status).map((step) => step.status);
    expect(names('awaiting_payment')).toEqual(['Processing', 'Shipped', 'Delivered']);
    expect(names('processing')).toEqual(['Shipped', 'Delivered']);
    expect(names('shipped')).toEqual(['Delivered']);
    for (const status of ['delivered', 'cancelled', 'refunded', 'Not Found'])
      expect(names(status)).toEqual([]);
  });
});
