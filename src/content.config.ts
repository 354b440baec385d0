import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATEGORIES } from './lib/categories';

/** One Markdown file per product in `src/content/products/`; the body is the description. */
const products = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/products' }),
  schema: ({ image }) =>
    z.object({
      /** Display name, e.g. "Kashmiri Saffron". */
      title: z.string().min(1),
      /** The category: one of Spices, Herbs, Seeds, Blends, Powders. */
      variety: z.enum(CATEGORIES),
      /** Where it is grown or made, e.g. "Pampore, Kashmir, India". */
      origin: z.string().min(1),
      /** Pack sizes; the first is the one cards show. `grams` gives the price per 100 g. */
      netQuantities: z
        .array(
          z.object({
            label: z.string().min(1),
            grams: z.number().positive(),
            price: z.number().positive(),
          }),
        )
        .min(1),
      /** At least two images, relative to the Markdown file, each with alt text. */
      images: z.array(z.object({ src: image(), alt: z.string().min(1) })).min(2),
      /** Optional short video under `public/`, e.g. `/videos/kashmiri-saffron.mp4`. */
      video: z.string().startsWith('/').optional(),
      ingredients: z.array(z.string().min(1)).min(1),
      /** Per 100 g: kcal and grams. */
      nutrition: z.object({
        calories: z.number().nonnegative(),
        protein: z.number().nonnegative(),
        carbs: z.number().nonnegative(),
        fat: z.number().nonnegative(),
      }),
      tags: z.array(z.string().min(1)).default([]),
      inStock: z.boolean(),
      /** Shown among the home page's four featured products. */
      featured: z.boolean().default(false),
      newArrival: z.boolean().default(false),
      bestSeller: z.boolean().default(false),
      /** Discount in percent while the product is on special offer. */
      offer: z.number().int().min(1).max(90).optional(),
    }),
});

/** A heading block of the home page: small label above, title, one-line lead below. */
const intro = z.object({ eyebrow: z.string().min(1), title: z.string().min(1), lead: z.string().min(1) });

/**
 * The home page's copy, one Markdown file (`src/content/home/home.md`); its body is the story
 * blurb. Products and category counts come from the catalogue, not from here.
 */
const home = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/home' }),
  schema: z.object({
    hero: intro.extend({
      /** The product whose pictures dress the hero (its file name without `.md`). */
      product: reference('products'),
      /** The claims under the hero, e.g. { value: '100%', label: 'Natural' }. */
      claims: z.array(z.object({ value: z.string().min(1), label: z.string().min(1) })).min(1),
    }),
    featured: intro,
    categories: intro,
    story: intro.omit({ lead: true }).extend({
      /** The product whose still life illustrates the story. */
      product: reference('products'),
    }),
    values: intro.omit({ lead: true }).extend({
      items: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).min(1),
    }),
    newsletter: intro,
  }),
});

export const collections = { products, home };
