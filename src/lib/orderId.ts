/**
 * An order id as a shopper may type it: `ord-123…`, `ORD 123…`, ` 123… ` or with the prefix
 * left off are all `ORD-123…`, the shop's form (`ORD-` and digits). Anything else is kept as it
 * was typed, trimmed, so it finds nothing rather than another order.
 */
export function normaliseOrderId(typed: string): string {
  const id = typed.trim();
  const digits = /^(?:ord[\s-]*)?(\d+)$/i.exec(id)?.[1];
  return digits === undefined ? id : `ORD-${digits}`;
}
