import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_PRODUCTS, categoryCounts, parseCategory } from '#src/lib/categories.ts';
import { lineItem, originalPriceOf } from '#src/lib/lineItem.ts';
import { unitPriceText, sellingPrice } from '#src/lib/packPrices.ts';
import {
  checkedProducts,
  flagged,
  productView,
  sortProducts,
  type ProductEntry,
} from '#src/lib/productView.ts';

type Data = ProductEntry['data'];

/** What the build makes of a picture the Markdown names: `./images/saffron/saffron-1.jpg` → `/_astro/saffron-1.abc.jpg`. */
const builtPictureUrl = (src: string) => src.replace(/^\.\/images\/[^/]+\/(.+)\.jpg$/, '/_astro/$1.abc.jpg');

function entry(id: string, data: Partial<Data> = {}, html = '<p>Bright and floral.</p>'): ProductEntry {
  return {
    id,
    body: 'Bright and floral.',
    rendered: { html },
    data: {
      title: 'Kashmiri Saffron',
      aliases: ['kesar'],
      variety: 'Spices',
      origin: 'Pampore, Kashmir, India',
      added: new Date('2025-01-06'),
      netQuantities: [
        { label: '1 g', grams: 1, price: 12.5 },
        { label: '5 g', grams: 5, price: 55 },
      ],
      images: [
        { src: './images/saffron/saffron-1.jpg', alt: 'Tin' },
        { src: './images/saffron/saffron-2.jpg', alt: 'Threads' },
      ],
      ingredients: ['Saffron threads'],
      nutrition: { calories: 310, protein: 11, carbs: 65, fat: 6 },
      tags: ['premium'],
      inStock: true,
      featured: false,
      newArrival: false,
      bestSeller: false,
      lots: [],
      pairsWith: [],
      ...data,
    },
  };
}

const list = [
  { _id: 'black-pepper', title: 'Tellicherry Black Pepper', variety: 'Spices' },
  { _id: 'basil', title: 'Sweet Basil', variety: 'Herbs' },
  { _id: 'thyme', title: 'Wild Thyme', variety: 'Herbs' },
  { _id: 'cumin-seeds', title: 'Cumin Seeds', variety: 'Seeds' },
  { _id: 'garam', title: 'Garam Masala (House Blend)', variety: 'Blends' },
];

/** The packs' prices of a product sold at `prices` with `offer` percent off. */
function packPrices(prices: number[], offer?: number) {
  const netQuantities = prices.map((price, index) => ({ label: `${index + 1} g`, grams: index + 1, price }));
  return productView(
    entry('p', offer === undefined ? { netQuantities } : { netQuantities, offer }),
    builtPictureUrl,
  ).netQuantities;
}

describe('offer prices', () => {
  it('takes the percentage off in whole cents', () => {
    expect(packPrices([12.5, 9.99], 20).map((pack) => pack.offerPrice)).toEqual([10, 7.99]);
  });

  it('keeps the list price when there is no offer', () => {
    expect(packPrices([9.99])).toEqual([{ label: '1 g', grams: 1, price: 9.99 }]);
  });

  it('never comes out above the list price or below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        (cents, percent) => {
          const dollars = packPrices([cents / 100], percent)[0]?.offerPrice ?? NaN;
          const offer = Math.round(dollars * 100);
          // A whole number of cents: the dollars are that number over 100, give or take the float.
          return Math.abs(dollars * 100 - offer) < 1e-6 && offer >= 0 && offer <= cents;
        },
      ),
    );
  });

  it('charges the offer price when there is one, else the list price', () => {
    expect(sellingPrice({ price: 10, offerPrice: 8 })).toBe(8);
    expect(sellingPrice({ price: 10 })).toBe(10);
  });
});

describe('the unit price a pack shows', () => {
  it('is per gram under 10 g, so a 1 g tin of saffron does not read $1,400.00 / 100 g', () => {
    expect(unitPriceText({ grams: 1, price: 14 })).toBe('$14.00 / g');
    expect(unitPriceText({ grams: 5, price: 60, offerPrice: 54 })).toBe('$10.80 / g');
    expect(unitPriceText({ grams: 9, price: 9 })).toBe('$1.00 / g');
  });

  it('is per 100 g from 10 g up', () => {
    expect(unitPriceText({ grams: 10, price: 6 })).toBe('$60.00 / 100 g');
    expect(unitPriceText({ grams: 25, price: 5.5 })).toBe('$22.00 / 100 g');
    expect(unitPriceText({ grams: 250, price: 13, offerPrice: 11.7 })).toBe('$4.68 / 100 g');
    expect(unitPriceText({ grams: 50, price: 4.5 })).toBe('$9.00 / 100 g');
    expect(unitPriceText({ grams: 250, price: 7.99 })).toBe('$3.20 / 100 g');
  });
});

describe('the product view', () => {
  it('uses the file slug as _id and keeps the fields the API promises', () => {
    const view = productView(entry('kashmiri-saffron'), builtPictureUrl);
    expect(view).toMatchObject({
      _id: 'kashmiri-saffron',
      title: 'Kashmiri Saffron',
      variety: 'Spices',
      description: 'Bright and floral.',
      netQuantities: [
        { label: '1 g', grams: 1, price: 12.5 },
        { label: '5 g', grams: 5, price: 55 },
      ],
      images: ['/_astro/saffron-1.abc.jpg', '/_astro/saffron-2.abc.jpg'],
      inStock: true,
      aliases: ['kesar'],
      added: '2025-01-06',
    });
    expect(view).not.toHaveProperty('offer');
    expect(view).not.toHaveProperty('video');
  });

  it('adds the offer price to every pack of a product on offer', () => {
    const view = productView(entry('saffron', { offer: 20, video: '/videos/saffron.mp4' }), builtPictureUrl);
    expect(view.offer).toBe(20);
    expect(view.video).toBe('/videos/saffron.mp4');
    expect(view.netQuantities.map((pack) => pack.offerPrice)).toEqual([10, 44]);
  });

  it('turns the rendered description into plain paragraphs', () => {
    const html =
      '<h2>Taste</h2>\n<p>Honey &amp; hay, <em>never</em> bitter.</p>\n<ul><li>Risotto</li><li>Paella</li></ul>';
    expect(productView(entry('s', {}, html), builtPictureUrl).description).toBe(
      'Taste\n\nHoney & hay, never bitter.\n\nRisotto\n\nPaella',
    );
  });

  it('decodes numeric entities and leaves unknown ones as they are', () => {
    expect(
      productView(entry('s', {}, '<p>caf&#233; &#x2014; &bogus;</p>'), builtPictureUrl).description,
    ).toBe('café — &bogus;');
  });
});

describe('sorting and lists', () => {
  const entries = [
    entry('b', { title: 'Bay Leaves', newArrival: true }),
    entry('a', { title: 'Ajwain', newArrival: true, offer: 20 }),
    entry('c', { title: 'Cloves' }),
  ];

  it('orders products alphabetically by title', () => {
    expect(sortProducts(entries).map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('picks the products carrying a flag', () => {
    expect(flagged(entries, 'newArrival').map((e) => e.id)).toEqual(['b', 'a']);
    expect(flagged(entries, 'offer').map((e) => e.id)).toEqual(['a']);
    expect(flagged(entries, 'newArrival', 2)).toHaveLength(2);
  });

  it('refuses two products of one title, or one with no description, naming the files', () => {
    expect(checkedProducts(entries)).toBe(entries);
    expect(() => checkedProducts([...entries, entry('b-copy', { title: 'bay leaves ' })])).toThrow(
      'src/content/products/b.md and b-copy.md are both "bay leaves ": give each product its own title',
    );
    expect(() => checkedProducts([{ ...entry('d', { title: 'Dill' }), body: '\n  \n' }])).toThrow(
      'src/content/products/d.md has no description: write it below the front matter',
    );
  });

  it('refuses more products flagged for a list than it shows, naming them', () => {
    expect(() => flagged(entries, 'newArrival', 1)).toThrow(
      'New Arrivals shows products with newArrival: true, 1 at most, and 2 are: b, a. Take the flag off 1 of them.',
    );
  });
});

describe('categories in the URL', () => {
  it('reads a known category in any letter case', () => {
    expect(parseCategory('Herbs')).toBe('Herbs');
    expect(parseCategory('powders')).toBe('Powders');
  });

  it('reads an unknown, empty or missing category as All Products', () => {
    for (const value of ['Candy', '', null, undefined, '<script>', 'All Products ']) {
      expect(parseCategory(value)).toBe(ALL_PRODUCTS);
    }
  });
});

describe('category counts', () => {
  it('counts each category and the whole catalogue', () => {
    expect(categoryCounts(list)).toEqual({
      'All Products': 5,
      Spices: 1,
      Herbs: 2,
      Seeds: 1,
      Blends: 1,
      Powders: 0,
    });
  });
});

describe('cart and wishlist lines', () => {
  const product = productView(entry('kashmiri-saffron', { offer: 20 }), builtPictureUrl);

  it('names the pack size in the id and the name, and charges the offer price', () => {
    expect(lineItem(product, 1, '/img.webp')).toEqual({
      id: 'kashmiri-saffron:5 g',
      productId: 'kashmiri-saffron',
      pack: '5 g',
      name: 'Kashmiri Saffron (5 g)',
      price: 44,
      image: '/img.webp',
    });
  });

  it("strikes a pack's original price beside a line at its offer price, found by its pack", () => {
    const line = lineItem(product, 1, '');
    expect(originalPriceOf(product, line)).toBe(55);
    expect(originalPriceOf(product, { ...line, price: 55 })).toBeUndefined();
    expect(originalPriceOf(product, { ...line, pack: '25 g' })).toBeUndefined();
    const sumac = productView(entry('sumac'), builtPictureUrl);
    expect(originalPriceOf(sumac, { pack: sumac.netQuantities[0]?.label ?? '', price: 1 })).toBeUndefined();
    expect(originalPriceOf(null, line)).toBeUndefined();
    expect(originalPriceOf(undefined, line)).toBeUndefined();
  });

  it('falls back to the first pack for an index that does not exist', () => {
    expect(lineItem(product, 9, '/img.webp')).toMatchObject({
      id: 'kashmiri-saffron:1 g',
      productId: 'kashmiri-saffron',
      pack: '1 g',
    });
  });
});
