import { existsSync } from 'node:fs';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATEGORIES } from './lib/categories';

/** Where product Markdown and its `images/` live. */
const PRODUCTS_DIR = new URL('./content/products/', import.meta.url);

/** One Markdown file per product in `src/content/products/`; the body is the description. */
const products = defineCollection({
  loader: glob({ pattern: '*.md', base: PRODUCTS_DIR }),
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
      images: z
        .array(
          z.object({
            // Checked here, not only by the image pipeline, so the build error names the product.
            src: z
              .string()
              .refine((src) => existsSync(new URL(src, PRODUCTS_DIR)), {
                error: (issue) => `Image file ${String(issue.input)} not found next to the product`,
              })
              .pipe(image()),
            alt: z.string().min(1),
          }),
        )
        .min(2),
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

export const collections = { products };
