import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { collections, entryId } from '#src/content.config.ts';
import { PRODUCT_FRONT_MATTER, RECIPE_FRONT_MATTER } from '../support/productFrontMatter.ts';

/*
 * The mistakes an editor makes writing a product by hand: each fails the build with a message
 * naming the field and what to write, where each used to build and show shoppers something wrong.
 */

const products = collections.products.schema as z.ZodType;
const pages = collections.pages.schema as z.ZodType;
const recipes = collections.recipes.schema as z.ZodType;

/** The build's messages for a product with these fields changed (none when it is accepted). */
function problems(changes: object, schema = products, base: object = PRODUCT_FRONT_MATTER): string[] {
  const result = schema.safeParse({ ...base, ...changes });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('front matter fields', () => {
  it('refuses a misspelt field, naming the one meant', () => {
    expect(problems({ bestseller: true })).toEqual([
      ': Unknown field "bestseller": did you mean "bestSeller"?',
    ]);
    expect(problems({ Offer: 15 })).toEqual([': Unknown field "Offer": did you mean "offer"?']);
  });

  it('refuses a field the shop does not have, listing those it has', () => {
    const [message] = problems({ slug: 'cumin-seeds' });
    expect(message).toMatch(/^: Unknown field "slug": the fields here are title, aliases, variety, /);
  });

  it('refuses unknown fields inside a pack, a picture, the nutrition and a lot too', () => {
    const pack = { label: '100 g', grams: 100, price: 6.5, weight: 100 };
    expect(problems({ netQuantities: [pack] })).toEqual([
      'netQuantities.0: Unknown field "weight": the fields here are label, grams, price',
    ]);
    const lot = { harvest: { season: 'Spring', year: 2024 }, region: 'Unjha', packedon: '2025-06-02' };
    expect(problems({ lots: [lot] })).toContain('lots.0: Unknown field "packedon": did you mean "packedOn"?');
  });

  it('refuses unknown fields on information pages', () => {
    const page = {
      title: 'Shipping',
      description: 'How long a Saffron & Stone order takes to arrive, anywhere we deliver, for free.',
      eyebrow: 'Customer care',
      intro: 'Every order is packed by hand.',
    };
    expect(problems({}, pages, page)).toEqual([]);
    expect(problems({ Title: 'Shipping' }, pages, page)).toEqual([
      ': Unknown field "Title": did you mean "title"?',
    ]);
  });
});

describe('prices and offers', () => {
  it('say how to write them', () => {
    for (const price of ['$7.50', '7.50', '7,50']) {
      expect(problems({ netQuantities: [{ label: '100 g', grams: 100, price }] }), price).toEqual([
        'netQuantities.0.price: Write the price in dollars as a number, e.g. 7.50: no $ and no quotes',
      ]);
    }
    expect(problems({ offer: '15%' })).toEqual([
      'offer: Write the offer as a percent, e.g. 20: no % and no quotes',
    ]);
    expect(problems({ offer: 0.15 })).toEqual(['offer: Write the offer as a whole percent, e.g. 20']);
  });
});

describe('dates', () => {
  it('takes YYYY-MM-DD, quoted or as YAML reads it', () => {
    expect(problems({ added: '2025-01-20' })).toEqual([]);
    expect(problems({ added: new Date('2025-01-20') })).toEqual([]);
  });

  it('refuses other forms, which were read month first or not at all', () => {
    for (const added of ['09/10/2026', '14/09/2026', '14 Sep 2026', '2026-13-01']) {
      expect(problems({ added }), added).toEqual(['added: Write the date as YYYY-MM-DD, e.g. 2026-09-14']);
    }
    const lot = { harvest: { season: 'Spring', year: 2024 }, region: 'Unjha', packedOn: '06/02/2025' };
    expect(problems({ lots: [lot] })).toEqual([
      'lots.0.packedOn: Write the date as YYYY-MM-DD, e.g. 2026-09-14',
    ]);
  });
});

describe('pack sizes', () => {
  const pack = (label: string, grams: number, price: number) => ({ label, grams, price });
  const pictures = [
    { src: PRODUCT_FRONT_MATTER.images[0]!.src, alt: 'The tin' },
    { src: PRODUCT_FRONT_MATTER.images[0]!.src, alt: 'In a bowl' },
  ];

  it('each have a label of their own', () => {
    expect(
      problems({ netQuantities: [pack('Small tin', 50, 6), pack('Small tin', 100, 11)], images: pictures }),
    ).toEqual(['netQuantities.1: Cumin Seeds: two pack sizes are both "Small tin"; give each its own label']);
  });

  it('weigh what their label says', () => {
    expect(problems({ netQuantities: [pack('100 g', 10, 6.5)], images: pictures })).toEqual([
      'netQuantities.0: Cumin Seeds: pack "100 g" says grams: 10; write grams: 100, or the label it weighs',
    ]);
    expect(
      problems({ netQuantities: [pack('1 kg', 1000, 40), pack('250g', 250, 12)], images: pictures }),
    ).toEqual([]);
    expect(problems({ netQuantities: [pack('Gift tin', 80, 20)], images: pictures })).toEqual([]);
  });
});

describe('a product video', () => {
  it('is a file under public/', () => {
    expect(problems({ video: '/videos/kashmiri-saffron.mp4' })).toEqual([]);
    expect(problems({ video: '/videos/sichuan-peppercorns.mp4' })).toEqual([
      'video: Video file public/videos/sichuan-peppercorns.mp4 not found: put the video under public/ and name it from there',
    ]);
  });
});

describe('file names', () => {
  it('are the id and address of what they hold', () => {
    expect(entryId('products', 'sichuan-peppercorns.md')).toBe('sichuan-peppercorns');
    expect(entryId('pages', 'shipping.md', new Set(['cart']))).toBe('shipping');
  });

  it('must be lowercase words joined by hyphens, so no two files share an id', () => {
    expect(() => entryId('products', 'Sichuan-Peppercorns.md')).toThrow(
      'src/content/products/Sichuan-Peppercorns.md: name the file in lowercase letters, digits and hyphens (sichuan-peppercorns.md): its name is its address',
    );
    expect(() => entryId('products', 'sichuan peppercorns (new).md')).toThrow('(sichuan-peppercorns-new.md)');
  });

  it("may not take one of the shop's own pages", () => {
    expect(() => entryId('pages', 'contact.md', new Set(['contact']))).toThrow(
      "src/content/pages/contact.md: /contact is already one of the shop's own pages; give the file another name",
    );
  });
});

describe("a recipe's spices", () => {
  const recipe = (spices: { product: string; amount: string }[]) =>
    problems({ spices }, recipes, RECIPE_FRONT_MATTER);

  it("are the shop's products, each with an amount", () => {
    expect(recipe([{ product: 'cumin-seeds', amount: '1 teaspoon' }])).toEqual([]);
    expect(recipe([{ product: 'cumin-seeds', amount: '' }])).toEqual([
      'spices.0.amount: Too small: expected string to have >=1 characters',
    ]);
  });

  it('fail the build naming the recipe and an id that names no product', () => {
    expect(
      recipe([
        { product: 'cumin-seeds', amount: '1 teaspoon' },
        { product: 'cumin-seed', amount: '1 teaspoon' },
      ]),
    ).toEqual([
      'spices.1.product: Chana Masala: spice 2 is "cumin-seed", which names no product: write the id of a file in src/content/products/, e.g. cumin-seeds',
    ]);
    expect(recipe([{ product: '../pages/about', amount: 'a pinch' }])).toEqual([
      'spices.0.product: Chana Masala: spice 1 is "../pages/about", which names no product: write the id of a file in src/content/products/, e.g. cumin-seeds',
    ]);
  });

  it('and the products a product pairs with are named by id too', () => {
    expect(problems({ pairsWith: ['coriander-seeds'] })).toEqual([]);
    expect(problems({ pairsWith: ['coriander'] })).toEqual([
      'pairsWith.0: "coriander" names no product: write the id of a file in src/content/products/, e.g. cumin-seeds',
    ]);
  });
});
