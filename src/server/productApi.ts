import { createHash } from 'node:crypto';
import { getCollection } from 'astro:content';
import { productView, sortProducts, type ProductView } from '../lib/catalogue';

/** Browsers and shared caches may reuse the list a minute, then revalidate with the ETag. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

interface Encoded {
  body: string;
  etag: string;
}

let catalogue: Promise<ProductView[]> | undefined;
/** The list per origin (image URLs are absolute); a few origins at most, so a forged Host cannot grow it. */
const encoded = new Map<string, Encoded>();
const MAX_ORIGINS = 4;

/** The catalogue is fixed at build time, so it is read once per process (every time in dev). */
export function loadCatalogue(): Promise<ProductView[]> {
  if (import.meta.env.DEV || !catalogue) {
    catalogue = getCollection('products').then((entries) => sortProducts(entries).map(productView));
  }
  return catalogue;
}

/** The catalogue by product id, for pricing orders. */
export async function catalogueById(): Promise<Map<string, ProductView>> {
  return new Map((await loadCatalogue()).map((product) => [product._id, product]));
}

function encode(products: ProductView[], origin: string): Encoded {
  const absolute = (path: string) => new URL(path, origin).href;
  const body = JSON.stringify({
    success: true,
    products: products.map((product) => ({
      ...product,
      images: product.images.map(absolute),
      ...(product.video ? { video: absolute(product.video) } : {}),
    })),
  });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

/** True when an `If-None-Match` header names this ETag (weak or strong) or is `*`. */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** `GET /api/v1/product`: `{ success: true, products }`, cacheable, readable from any origin. */
export async function productListResponse(request: Request): Promise<Response> {
  const origin = new URL(request.url).origin;
  let answer = import.meta.env.DEV ? undefined : encoded.get(origin);
  if (!answer) {
    answer = encode(await loadCatalogue(), origin);
    if (encoded.size >= MAX_ORIGINS) encoded.clear();
    encoded.set(origin, answer);
  }
  const headers = {
    'Cache-Control': CACHE_CONTROL,
    ETag: answer.etag,
    'Access-Control-Allow-Origin': '*',
  };
  if (etagMatches(request.headers.get('If-None-Match'), answer.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(answer.body, {
    headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
