export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (`Accept-Encoding`, honouring `q=0`), brotli first. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}
