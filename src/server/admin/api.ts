import type { APIContext, APIRoute } from 'astro';
import { z } from 'astro/zod';
import { safeReturnPath, signInPath } from '#src/lib/returnPath.ts';
import { readJsonBody, readTextBody } from '#src/server/api/body.ts';
import { answerSafely } from '#src/server/api/endpoint.ts';
import { BODY_LIMIT_BYTES } from '#src/server/api/limits.ts';
import { reply } from '#src/server/api/respond.ts';
import { signInFirst } from '#src/server/identity/index.ts';
import { orderAnswer } from '#src/server/orders/api.ts';
import {
  cancelOrder,
  moveOrderOn,
  refundCentsOf,
  refundOrder,
  shipmentOf,
  type FulfilmentResult,
} from '#src/server/orders/fulfilment.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import type { MerchantActor } from '#src/server/store/types.ts';
import { countStock, moderateReview, resendMessage, type ActionResult } from './actions.ts';
import { addCode, disableCode } from '#src/server/discounts/manage.ts';
import { admit } from './merchants.ts';
import { setAdminNotice } from './notice.ts';
import { orderFilterOf } from './orderFilter.ts';

const UNAVAILABLE = 'The back office cannot reach the database right now. Please try again shortly.';
const NOT_A_MERCHANT = 'This is for the shop’s merchants only.';

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

const isForm = (request: Request) =>
  /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');

/** The body as JSON, or a back-office page's form as an object of its fields. */
async function readBody(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  if (!isForm(request)) {
    if (!request.headers.get('content-type')) return { ok: true, value: {} };
    return readJsonBody(request);
  }
  const read = await readTextBody(request, BODY_LIMIT_BYTES);
  return read.ok ? { ok: true, value: Object.fromEntries(new URLSearchParams(read.text)) } : read;
}

/** Where a back-office form goes back to: a page of the back office, else its Today. */
const backTo = (value: unknown) => {
  const path = safeReturnPath(typeof value === 'string' ? value : '');
  return path === '/admin' || path.startsWith('/admin/') ? path : '/admin';
};

interface Done {
  ok: boolean;
  message: string;
  /** 409 when the thing acted on was not in a state for it; 400 for bad input. */
  status?: number;
  [more: string]: unknown;
}

/**
 * A back-office request that changes something: the role is checked on the server (401 without a
 * session, 403 for a shopper), the Origin by the middleware as for every write. A back-office
 * page's form is answered by going back to the page, with what came of it shown there; an API
 * client is answered in JSON.
 */
function adminChange<Input>(
  schema: z.ZodType<Input>,
  act: (input: Input, context: APIContext, by: MerchantActor) => Promise<Done>,
): APIRoute {
  return (context) =>
    answerSafely(context.url, UNAVAILABLE, async () => {
      const { request } = context;
      const form = isForm(request);
      const admission = await admit(context.locals);
      if (admission.kind === 'signed-out') {
        return form ? context.redirect(signInPath('/admin'), 303) : signInFirst();
      }
      if (admission.kind === 'shopper') return reply(403, false, NOT_A_MERCHANT);
      const body = await readBody(request);
      if (!body.ok) return body.response;
      const parsed = schema.safeParse(body.value);
      const done: Done = parsed.success
        ? await act(parsed.data, context, admission.actor)
        : { ok: false, status: 400, message: parsed.error.issues.map((issue) => issue.message).join(' ') };
      if (form) {
        setAdminNotice(context, { ok: done.ok, message: done.message });
        const back = (body.value as Record<string, unknown>)['back'];
        return context.redirect(backTo(back), 303);
      }
      const { status = done.ok ? 200 : 409, ok, ...rest } = done;
      return json(status, { success: ok, ...rest });
    });
}

/** An order action's answer: the order as it is now, or why not. */
const orderDone = (result: FulfilmentResult, did: string): Done =>
  result.ok
    ? { ok: true, message: `${result.order.id} ${did}.`, order: orderAnswer(result.order) }
    : { ok: false, message: result.message, status: /^No order /.test(result.message) ? 404 : 409 };

const actionDone = ({ ok, message, ...rest }: ActionResult & Record<string, unknown>): Done =>
  ok ? { ok, message, ...rest } : { ok, message, status: 400 };

const optionalText = (label: string) => z.string({ error: `${label} must be text.` }).optional();

const orderAction = z.object(
  {
    carrier: optionalText('Carrier'),
    trackingCode: optionalText('Tracking number'),
    amount: z
      .union([z.number(), z.string()], { error: 'Amount must be dollars and cents, such as 4.50.' })
      .optional(),
  },
  { error: 'Send a JSON object.' },
);

/** The cents of a refund's amount ("4.50", 4.5), undefined for all that is left, or what is wrong. */
function refundCents(amount: string | number | undefined): number | undefined | string {
  if (amount === undefined || amount === '') return undefined;
  return refundCentsOf(String(amount)) ?? 'Amount must be dollars and cents above 0, such as 4.50.';
}

/** `POST /api/v1/admin/orders/{id}/{ship|deliver|cancel|refund}`. */
export const orderActionEndpoint: APIRoute = adminChange(
  orderAction,
  async (input, { params, locals }, by) => {
    const id = (params['id'] ?? '').trim();
    const { store, payments } = locals;
    switch (params['action']) {
      case 'ship': {
        const shipment = shipmentOf(input.carrier, input.trackingCode);
        if (typeof shipment === 'string') return { ok: false, status: 400, message: shipment };
        return orderDone(await moveOrderOn(store, id, 'shipped', by, shipment), 'is shipped');
      }
      case 'deliver':
        return orderDone(await moveOrderOn(store, id, 'delivered', by), 'is delivered');
      case 'cancel':
        return orderDone(await cancelOrder(store, payments, id, by), 'is cancelled');
      case 'refund': {
        const cents = refundCents(input.amount);
        if (typeof cents === 'string') return { ok: false, status: 400, message: cents };
        return orderDone(await refundOrder(store, payments, id, by, cents), 'is refunded');
      }
      default:
        return {
          ok: false,
          status: 404,
          message: 'Orders can be shipped, delivered, cancelled or refunded.',
        };
    }
  },
);

const stockRequest = z.object(
  {
    productId: z.string({ error: 'Name the product.' }).min(1, 'Name the product.'),
    pack: z.string({ error: 'Name the pack.' }).min(1, 'Name the pack.'),
    change: z.enum(['set', 'add'], { error: 'Change must be "set" or "add".' }),
    amount: z
      .union([z.number(), z.string()], { error: 'Give a whole number.' })
      .transform((value, context) => {
        const text = String(value).trim();
        if (/^[+-]?\d{1,7}$/.test(text)) return Number(text);
        context.addIssue({ code: 'custom', message: `"${text}" is not a whole number.` });
        return z.NEVER;
      }),
  },
  { error: 'Send a JSON object with productId, pack, change and amount.' },
);

/** `POST /api/v1/admin/stock`: sets or adds to a pack's count. */
export function stockEndpoint(catalogue: () => Promise<Catalogue>): APIRoute {
  return adminChange(stockRequest, async (input, { locals }, by) =>
    actionDone(await countStock(locals.store, await catalogue(), input, by)),
  );
}

/** `POST /api/v1/admin/reviews/{id}`: shows or hides a review. */
export const reviewEndpoint: APIRoute = adminChange(
  z.object(
    { state: z.enum(['approved', 'hidden'], { error: 'State must be "approved" or "hidden".' }) },
    { error: 'Send a JSON object with the state.' },
  ),
  async ({ state }, { params, locals }, by) =>
    actionDone(await moderateReview(locals.store, params['id'] ?? '', state, by)),
);

/** `POST /api/v1/admin/messages/{id}/resend`: a failed message back in the queue. */
export const resendEndpoint: APIRoute = adminChange(
  z.object({}, { error: 'Send an empty JSON object, or nothing.' }),
  async (_input, { params, locals }, by) =>
    actionDone(await resendMessage(locals.store, params['id'] ?? '', by)),
);

/** `GET /api/v1/admin/orders?status=&payment=&from=&to=&q=&page=`: the back office's order list. */
export const listOrdersEndpoint: APIRoute = (context) =>
  answerSafely(context.url, UNAVAILABLE, async () => {
    const admission = await admit(context.locals);
    if (admission.kind === 'signed-out') return signInFirst();
    if (admission.kind === 'shopper') return reply(403, false, NOT_A_MERCHANT);
    const filter = orderFilterOf(context.url.searchParams);
    if (!filter.ok) return reply(400, false, filter.message);
    const found = await context.locals.store.findOrders(filter.filter);
    const { pageSize } = filter;
    return json(200, {
      success: true,
      page: filter.page,
      hasMore: found.length > pageSize,
      orders: found.slice(0, pageSize).map(orderAnswer),
    });
  });

const codeField = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be text or a number.` })
    .transform(String)
    .optional();

const discountRequest = z.object(
  {
    action: z.enum(['add', 'disable'], { error: 'Action must be "add" or "disable".' }),
    code: z.string({ error: 'Name the code.' }).max(40, 'A code is at most 32 characters.'),
    percent: codeField('Percent'),
    amount: codeField('Amount'),
    min: codeField('Minimum subtotal'),
    starts: codeField('Start'),
    ends: codeField('End'),
    uses: codeField('Uses'),
    perAccount: codeField('Uses per customer'),
  },
  { error: 'Send a JSON object with the action and the code.' },
);

/**
 * `POST /api/v1/admin/discounts` `{ action: "add", code, percent | amount, min?, starts?, ends?,
 * uses?, perAccount? }` or `{ action: "disable", code }`: as `npm run discounts` does, recorded.
 */
export const discountEndpoint: APIRoute = adminChange(discountRequest, async (input, { locals }, by) => {
  const done =
    input.action === 'add'
      ? await addCode(locals.store, input, by)
      : await disableCode(locals.store, input.code, by);
  return done.ok ? done : { ...done, status: 400 };
});
