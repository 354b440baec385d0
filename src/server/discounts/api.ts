import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { fromCents } from '#src/lib/money.ts';
import { accountEndpoint } from '#src/server/api/endpoint.ts';
import { text } from '#src/lib/shapes/fields.ts';
import { rateLimitFromEnv } from '#src/server/api/rateLimit.ts';
import { reply } from '#src/server/api/respond.ts';
import { orderItems } from '#src/lib/shapes/order.schema.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { priceLines } from '#src/server/orders/pricing.ts';
import { checkDiscount } from './check.ts';

const checkRequest = z.object(
  { code: text('Discount code', 40), items: orderItems },
  { error: 'Send a JSON object with the code and the items it is for.' },
);

/**
 * `POST /api/v1/discounts/check` `{ code, items }`: whether the signed-in shopper may use the code
 * on these lines, priced by the shop: its terms, and what it takes off them; or why not (422).
 * Nothing is used until an order is placed with it. Limited per client, so codes are not guessed.
 */
export function checkDiscountEndpoint(
  catalogue: () => Promise<Catalogue>,
  { perMinute = 2 * rateLimitFromEnv() } = {},
): APIRoute {
  return accountEndpoint({
    name: 'discount-checks',
    schema: checkRequest,
    perMinute,
    unavailable: 'Discount codes cannot be checked right now. Please try again shortly.',
    async save(input, { locals }, signedIn) {
      const pricing = priceLines(await catalogue(), input.items);
      if (!pricing.ok) return reply(400, false, pricing.message);
      const checked = await checkDiscount(locals.store, input.code, {
        accountId: signedIn.account.id,
        subtotalCents: pricing.totalCents,
      });
      if (!checked.ok) return reply(422, false, checked.message);
      const { code, off, minCents } = checked.terms;
      return Response.json(
        {
          success: true,
          discount: {
            code,
            ...('percent' in off ? { percent: off.percent } : { amountOff: fromCents(off.amountCents) }),
            minSubtotal: fromCents(minCents),
            subtotal: fromCents(pricing.totalCents),
            amount: fromCents(checked.cents),
            total: fromCents(pricing.totalCents - checked.cents),
          },
        },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    },
  });
}
