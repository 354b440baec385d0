import { describe, expect, it } from 'vitest';
import { scriptChunks } from '#src/firstPaint/build/scriptChunks.ts';

const HEADER = '/shop/src/components/Header.astro?astro&type=script&index=0&lang.ts';
const LAYOUT = '/shop/src/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts';
const HEARTS = '/shop/src/components/WishlistHearts.astro?astro&type=script&index=0&lang.ts';
const ISLAND = '/shop/src/islands/cart/CartPage.tsx';

/** A module graph given as each module's importers. */
function graphOf(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id] ?? [] } : null) };
}

/** The chunk each module is put in: the first group that names it, as Rolldown takes them. */
function chunksOf(importers: Record<string, string[]>) {
  const graph = graphOf(importers);
  const groups = scriptChunks();
  return Object.fromEntries(
    Object.keys(importers).map((id) => [
      id,
      groups.map((group) => group.name(id, graph)).find(Boolean) ?? null,
    ]),
  );
}

describe('the chunks shared by component scripts', () => {
  const graph = {
    [HEADER]: [],
    [LAYOUT]: [],
    [HEARTS]: [],
    [ISLAND]: [],
    '/shop/src/stores/auth.ts': [HEADER],
    '/shop/node_modules/nanostores/atom/index.js': [
      '/shop/src/stores/auth.ts',
      '/shop/src/stores/wishlist.ts',
    ],
    '/shop/src/stores/wishlist.ts': [HEADER, HEARTS, ISLAND],
    '/shop/src/islands/common/notSaved.ts': [HEARTS],
    '/shop/src/islands/common/toast.ts': ['/shop/src/islands/common/notSaved.ts', ISLAND],
    '/shop/src/stores/checkout.ts': [ISLAND],
    '/shop/src/firstPaint/browser/firstFrame.ts': [LAYOUT],
  };

  it("puts what the top bar imports, at any depth, in one chunk, and what only cards import in another; the layout's script keeps its own", () => {
    expect(chunksOf(graph)).toEqual({
      [HEADER]: null,
      [LAYOUT]: null,
      [HEARTS]: null,
      [ISLAND]: null,
      '/shop/src/stores/auth.ts': 'shop',
      '/shop/node_modules/nanostores/atom/index.js': 'shop',
      '/shop/src/stores/wishlist.ts': 'shop',
      '/shop/src/islands/common/notSaved.ts': 'cards',
      '/shop/src/islands/common/toast.ts': 'cards',
      '/shop/src/stores/checkout.ts': null,
      // Left to the bundler, which writes it into the layout's script: the script that starts the
      // others after the first frame waits for no other file.
      '/shop/src/firstPaint/browser/firstFrame.ts': null,
    });
  });

  it('finds its way through an import cycle, and a module no script reaches stays the bundler’s', () => {
    const cycle = {
      [HEADER]: [],
      '/shop/src/a.ts': ['/shop/src/b.ts'],
      '/shop/src/b.ts': ['/shop/src/a.ts', HEADER],
      '/shop/src/c.ts': ['/shop/src/d.ts'],
      '/shop/src/d.ts': ['/shop/src/c.ts'],
    };
    expect(chunksOf(cycle)).toMatchObject({
      '/shop/src/a.ts': 'shop',
      '/shop/src/b.ts': 'shop',
      '/shop/src/c.ts': null,
    });
  });

  it('tells a component from one whose name begins the same, on either kind of path', () => {
    const graph = graphOf({
      '/shop/src/x.ts': ['/shop/src/components/HeaderMenu.astro?astro&type=script&index=0&lang.ts'],
      'C:\\shop\\src\\y.ts': ['C:\\shop\\src\\components\\Header.astro?astro&type=script&index=0&lang.ts'],
    });
    const [shop] = scriptChunks();
    expect(shop?.name('/shop/src/x.ts', graph)).toBeNull();
    expect(shop?.name('C:\\shop\\src\\y.ts', graph)).toBe('shop');
  });
});
