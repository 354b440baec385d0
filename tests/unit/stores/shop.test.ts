import { afterEach, describe, expect, it, vi } from 'vitest';
import { askShop } from '#src/stores/shop.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('asking the shop', () => {
  it('gives up on a request no answer comes back to, after 20 s, as the shop not reached', async () => {
    vi.useFakeTimers();
    // Node's own timer under AbortSignal.timeout does not follow the fake clock: one that does.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
    vi.stubGlobal(
      'fetch',
      (_path: string, init: RequestInit) =>
        new Promise((_answer, fail) =>
          init.signal?.addEventListener('abort', () => fail(new Error('aborted'))),
        ),
    );
    let answered = false;
    const asking = askShop('/api/v1/orders', { method: 'POST', json: {} }).finally(() => (answered = true));
    await vi.advanceTimersByTimeAsync(19_900);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await expect(asking).resolves.toBeUndefined();
  });
});
