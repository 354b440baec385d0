import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readProductList } from '../../src/stores/products';
import { QUERY_POLICY, retryDelay } from '../../src/stores/query';

describe('the data client policy', () => {
  it('retries three times, doubling the delay from one second', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([1_000, 2_000, 4_000, false]);
  });

  it('never waits longer than 30 seconds between attempts', () => {
    for (let count = 1; count <= QUERY_POLICY.retries; count += 1) {
      expect(retryDelay(count)).toBeLessThanOrEqual(30_000);
    }
  });

  it('keeps unused results five minutes', () => {
    expect(QUERY_POLICY.cacheLifetimeMs).toBe(300_000);
  });
});

describe('reading the product API answer', () => {
  it('keeps the id, title and variety of each product', () => {
    const answer = { success: true, products: [{ _id: 'a', title: 'Ajwain', variety: 'Seeds', price: 3 }] };
    expect(readProductList(answer)).toEqual({
      success: true,
      products: [{ _id: 'a', title: 'Ajwain', variety: 'Seeds' }],
    });
  });

  it('treats an answer without success as a failure', () => {
    expect(readProductList({ success: false, message: 'down' })).toEqual({ success: false, products: [] });
    expect(readProductList({ products: [] }).success).toBe(false);
  });

  it('drops products that lack a field the filter reads', () => {
    const answer = {
      success: true,
      products: [null, 7, { _id: 'x' }, { _id: 1, title: 't', variety: 'Herbs' }],
    };
    expect(readProductList(answer)).toEqual({ success: true, products: [] });
  });

  it('never throws, whatever the server sends', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(() => readProductList(json)).not.toThrow();
      }),
    );
  });
});
