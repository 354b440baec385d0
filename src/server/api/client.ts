/**
 * The address a request came from, as the rate limits count it: the one the server process
 * worked out from the connection (and a trusted proxy's headers, see `TRUST_PROXY`), else the
 * adapter's.
 */
export function clientOf({ clientAddress, locals }: { clientAddress: string; locals: App.Locals }): string {
  return locals.clientAddress ?? clientAddress;
}
