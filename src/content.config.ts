import { existsSync } from 'node:fs';
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATEGORIES } from '#src/lib/categories.ts';
import { isoDate } from '#src/lib/dates.ts';
import { harvestStart, SEASONS } from '#src/lib/lots.ts';

/** Where product Markdown and its `images/` live. */
const PRODUCTS_DIR = new URL('./content/products/', import.meta.url);

/**
 * Tin pictures per pack size (see `images`): at most one per pack, and when any picture names a
 * pack, the first is the first pack's. A pack without its own keeps the first picture, so a new
 * product needs none. These rules span two fields, which Keystatic cannot state, so their issues
 * carry `params.acrossFields` (tests/unit/keystatic-schema.test.ts).
 */
function picturesMatchPacks(
  product: {
    title: string;
    netQuantities: { label: string }[];
    images: { pack?: string | undefined }[];
  },
  context: z.RefinementCtx,
): void {
  const labels = product.netQuantities.map((pack) => pack.label);
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: 'custom', path, message, params: { acrossFields: true } });
  product.images.forEach(({ pack }, index) => {
    if (pack !== undefined && !labels.includes(pack))
      issue(
        ['images', index, 'pack'],
        `${product.title}: picture ${index + 1} names pack "${pack}", which is none of its pack sizes (${labels.join(', ')})`,
      );
  });
  labels.forEach((label, index) => {
    const pictures = product.images.filter((image) => image.pack === label).length;
    if (pictures > 1)
      issue(
        ['netQuantities', index, 'label'],
        `${product.title}: pack "${label}" has ${pictures} pictures naming it (pack: ${label}); give it one`,
      );
  });
  const namesPacks = product.images.some((image) => image.pack !== undefined);
  if (namesPacks && labels[0] !== undefined && product.images[0]?.pack !== labels[0])
    issue(
      ['images', 0, 'pack'],
      `${product.title}: the first picture must be the first pack's (pack: ${labels[0]})`,
    );
}

/** The build's day: no lot is packed after it, and no harvest is later than its year. */
const TODAY = new Date();

/**
 * One lot of a product, as packed into tins. A lot is packed after its harvest starts (Winter
 * 2025 starts in December 2025), and not after the day the shop is built.
 */
const lot = z
  .object({
    /** The harvest it comes from, e.g. `{ season: Autumn, year: 2025 }`. */
    harvest: z.object({
      season: z.enum(SEASONS),
      year: z.number().int().min(2000).max(TODAY.getUTCFullYear()),
    }),
    /** Where it was grown, e.g. "Idukki, Kerala"; for a blend, where it was blended. */
    region: z.string().min(1),
    /** The day it was packed (YYYY-MM-DD); the latest packed is the lot on sale. */
    packedOn: z.coerce.date().max(TODAY, 'A lot cannot be packed after today'),
  })
  .superRefine(({ harvest, packedOn }, context) => {
    if (harvestStart(harvest) > packedOn) {
      context.addIssue({
        code: 'custom',
        path: ['harvest'],
        message: `The ${harvest.season} ${harvest.year} harvest comes after packing on ${isoDate(packedOn)}: a lot is packed from a harvest already in`,
      });
    }
  });

/** The picture files a product may name: what the shop's picture glob finds (productPictures.ts). */
const PICTURE_FILE = /^images\/[^?#]+\.(jpe?g|png|webp|avif)$/;

/**
 * A product picture's path relative to its Markdown, e.g. `./images/amchur/amchur-1.jpg`: a file
 * under `images/`, checked here so the build error names the product and the file.
 */
const picturePath = z.string().superRefine((src, context) => {
  const file = new URL(src, PRODUCTS_DIR);
  const inImages = file.href.slice(PRODUCTS_DIR.href.length);
  if (!file.href.startsWith(PRODUCTS_DIR.href) || !PICTURE_FILE.test(inImages)) {
    context.addIssue({
      code: 'custom',
      message: `Image ${src} must be a .jpg, .png, .webp or .avif file under images/ next to the product`,
    });
  } else if (!existsSync(file)) {
    context.addIssue({ code: 'custom', message: `Image file ${src} not found next to the product` });
  }
});

/** One Markdown file per product in `src/content/products/`; the body is the description. */
const products = defineCollection({
  loader: glob({ pattern: '*.md', base: PRODUCTS_DIR }),
  schema: z
    .object({
      /** Display name, e.g. "Kashmiri Saffron". */
      title: z.string().min(1),
      /** Other names a cook may search for, e.g. "jeera" or "comino". */
      aliases: z.array(z.string().min(1)).default([]),
      /** The category: one of Spices, Herbs, Seeds, Blends, Powders. */
      variety: z.enum(CATEGORIES),
      /** Where it is grown or made, e.g. "Pampore, Kashmir, India". */
      origin: z.string().min(1),
      /** The day the product joined the shop (YYYY-MM-DD): the catalogue's "Newest" order. */
      added: z.coerce.date(),
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
      /**
       * At least two images, relative to the Markdown file, each with alt text. A tin picture
       * names the pack size it shows (`pack: 250 g`, as in `netQuantities`): every pack has one,
       * and the first image is the first pack's (the one cards show).
       */
      images: z
        .array(
          z.object({
            src: picturePath,
            alt: z.string().min(1),
            /** The pack size whose label this tin picture shows, e.g. "250 g". */
            pack: z.string().min(1).optional(),
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
      /** Its lots, in any order; the product page shows the latest packed and how fresh it is. */
      lots: z.array(lot).default([]),
      /** Months it keeps its best from packing, when not its kind's (whole 24, ground 6, herbs 12). */
      shelfLifeMonths: z.number().int().min(1).max(60).optional(),
    })
    .superRefine(picturesMatchPacks),
});

/** Markdown files in one folder of `src/content/`, the file name being the entry's id. */
const markdownIn = (folder: string) => glob({ pattern: '*.md', base: `./src/content/${folder}` });

/** A position in a hand-ordered list: lower numbers first. */
const order = z.number().int().nonnegative();

/**
 * One Markdown file per information page in `src/content/pages/`; the file name is the URL
 * (`about.md` is `/about`) and the body is the page's copy.
 */
const pages = defineCollection({
  loader: markdownIn('pages'),
  schema: z.object({
    /** The page's heading (h1) and the start of its browser title. */
    title: z.string().min(1),
    /** Meta and Open Graph description for search results, about 150 characters. */
    description: z.string().min(50).max(170),
    /** The short line above the heading, e.g. "Our company". */
    eyebrow: z.string().min(1),
    /** The lead paragraph under the heading, plain text. */
    intro: z.string().min(1),
    /** When the page last changed in substance; shown as "Last updated October 2025". */
    updated: z.coerce.date().optional(),
    /**
     * A collection shown after the body: `timeline` (our story), `goals` (sustainability),
     * `careers` (open positions) or `faq` (the questions).
     */
    section: z.enum(['timeline', 'goals', 'careers', 'faq']).optional(),
  }),
});

/** One Markdown file per question in `src/content/faq/`; the body is the answer. */
const faq = defineCollection({
  loader: markdownIn('faq'),
  schema: z.object({
    /** The question as a shopper would ask it, ending in "?". */
    question: z.string().endsWith('?'),
    /** Where the question sits on the page. */
    order,
  }),
});

/** One Markdown file per open position in `src/content/careers/`; the body describes the role. */
const careers = defineCollection({
  loader: markdownIn('careers'),
  schema: z.object({
    /** The job title; it is also the subject of the application email. */
    title: z.string().min(1),
    /** The team the role belongs to, e.g. "Product & Quality". */
    department: z.string().min(1),
    /** Where the work happens, e.g. "San Francisco, CA" or "Remote (US)". */
    location: z.string().min(1),
    /** Employment type. */
    type: z.enum(['Full-time', 'Part-time', 'Contract']),
    /** Where the position sits in the list. */
    order,
  }),
});

/** One Markdown file per milestone year in `src/content/timeline/`; the body tells what happened. */
const timeline = defineCollection({
  loader: markdownIn('timeline'),
  schema: z.object({
    /** The year of the milestone; the timeline runs in year order. */
    year: z.number().int().min(2000).max(2100),
    /** What the year is remembered for, in a few words. */
    title: z.string().min(1),
  }),
});

/** One Markdown file per 2030 sustainability goal in `src/content/goals/`; the body is the plan. */
const goals = defineCollection({
  loader: markdownIn('goals'),
  schema: z.object({
    /** The goal as a headline, e.g. "100% carbon neutral". */
    title: z.string().min(1),
    /** How far along we are today, in percent of the goal. */
    progress: z.number().min(0).max(100),
    /** What the progress figure measures, e.g. "of emissions cut or offset in 2025". */
    progressLabel: z.string().min(1),
    /** Where the goal sits among the others. */
    order,
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

export const collections = { products, home, pages, faq, careers, timeline, goals };
