import { existsSync, readdirSync } from 'node:fs';
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CATEGORIES } from '#src/lib/categories.ts';
import { isoDate } from '#src/lib/dates.ts';
import { harvestStart, SEASONS } from '#src/lib/lots.ts';
import { COURSES, CUISINES } from '#src/lib/recipes.ts';

/** Where product Markdown and its `images/` live. */
const PRODUCTS_DIR = new URL('./content/products/', import.meta.url);

/** A file name that can be an entry's id and address: lowercase words joined by hyphens. */
const FILE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/**
 * Markdown files in one folder of `src/content/`, each file's name without `.md` its id (a
 * product's and a page's address). Glob's own ids follow a `slug:` in the front matter and fold
 * case, so two files could share an id and the build kept one with a warning only: here a name
 * that is not an id fails the build, and the schemas refuse a `slug:` like any unknown field.
 * `taken` names ids the folder may not use.
 */
function markdownIn(folder: string, taken: ReadonlySet<string> = new Set()) {
  return glob({
    pattern: '*.md',
    base: `./src/content/${folder}`,
    generateId: ({ entry }) => entryId(folder, entry, taken),
  });
}

/** The id of the Markdown file `entry` in `folder`, or an error an editor can act on. */
export function entryId(folder: string, entry: string, taken: ReadonlySet<string> = new Set()): string {
  const id = entry.slice(0, -'.md'.length);
  if (!FILE_ID.test(entry)) {
    const plain = id
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    throw new Error(
      `src/content/${folder}/${entry}: name the file in lowercase letters, digits and hyphens (${plain || 'its-name'}.md): its name is its address`,
    );
  }
  if (taken.has(id)) {
    throw new Error(
      `src/content/${folder}/${entry}: /${id} is already one of the shop's own pages; give the file another name`,
    );
  }
  return id;
}

/** The shop's own routes (`src/pages/cart.astro` is `/cart`), which an information page may not take. */
const OWN_ROUTES = new Set(
  readdirSync(new URL('./pages/', import.meta.url))
    .filter((name) => !name.startsWith('['))
    .map((name) => name.replace(/\.(astro|ts)$/, '')),
);

/**
 * An object of front matter fields that refuses any other: a misspelt field (`bestseller`) was
 * ignored, and the product was quietly no best seller.
 */
function fields<Shape extends z.ZodRawShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      return issue.keys
        .map((key) => {
          const meant = known.find((name) => name.toLowerCase() === key.toLowerCase());
          return meant
            ? `Unknown field "${key}": did you mean "${meant}"?`
            : `Unknown field "${key}": the fields here are ${known.join(', ')}`;
        })
        .join('; ');
    },
  });
}

/** A day written as YYYY-MM-DD; other forms (09/10/2026) were read month first, or not at all. */
const calendarDay = z.union([z.date(), z.iso.date().transform((day) => new Date(day))], {
  error: 'Write the date as YYYY-MM-DD, e.g. 2026-09-14',
});

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

/** "250 g" or "1 kg": the weight a pack's label says, in grams. */
function gramsInLabel(label: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(g|kg)$/i.exec(label.trim());
  if (!match) return undefined;
  return Number(match[1]) * (match[2]?.toLowerCase() === 'kg' ? 1000 : 1);
}

/**
 * Each pack size has a label of its own (a cart line is one product in one pack, named by its
 * label), and a label that gives a weight gives its `grams`, which the price per 100 g is read
 * from. Rules across fields, as above.
 */
function packsDiffer(
  product: { title: string; netQuantities: { label: string; grams: number }[] },
  context: z.RefinementCtx,
): void {
  product.netQuantities.forEach(({ label, grams }, index) => {
    const issue = (message: string) =>
      context.addIssue({
        code: 'custom',
        path: ['netQuantities', index],
        message: `${product.title}: ${message}`,
        params: { acrossFields: true },
      });
    if (product.netQuantities.findIndex((pack) => pack.label === label) < index)
      issue(`two pack sizes are both "${label}"; give each its own label`);
    const weight = gramsInLabel(label);
    if (weight !== undefined && weight !== grams)
      issue(`pack "${label}" says grams: ${grams}; write grams: ${weight}, or the label it weighs`);
  });
}

/** The build's day: no lot is packed after it, and no harvest is later than its year. */
const TODAY = new Date();

/**
 * One lot of a product, as packed into tins. A lot is packed after its harvest starts (Winter
 * 2025 starts in December 2025), and not after the day the shop is built.
 */
const lot = fields({
  /** The harvest it comes from, e.g. `{ season: Autumn, year: 2025 }`. */
  harvest: fields({
    season: z.enum(SEASONS),
    year: z.number().int().min(2000).max(TODAY.getUTCFullYear()),
  }),
  /** Where it was grown, e.g. "Idukki, Kerala"; for a blend, where it was blended. */
  region: z.string().min(1),
  /** The day it was packed (YYYY-MM-DD); the latest packed is the lot on sale. */
  packedOn: calendarDay.pipe(z.date().max(TODAY, 'A lot cannot be packed after today')),
}).superRefine(({ harvest, packedOn }, context) => {
  if (harvestStart(harvest) > packedOn) {
    context.addIssue({
      code: 'custom',
      path: ['harvest'],
      message: `The ${harvest.season} ${harvest.year} harvest comes after packing on ${isoDate(packedOn)}: a lot is packed from a harvest already in`,
    });
  }
});

/** The picture files a product or recipe may name: what the shop's picture globs find. */
const PICTURE_FILE = /^images\/[^?#]+\.(jpe?g|png|webp|avif)$/;

/**
 * A picture's path relative to its Markdown in `folder`, e.g. `./images/amchur/amchur-1.jpg`: a
 * file under `images/`, checked here so the build error names the entry and the file.
 */
function picturePath(folder: URL, whose: string) {
  return z.string().superRefine((src, context) => {
    const file = new URL(src, folder);
    const inImages = file.href.slice(folder.href.length);
    if (!file.href.startsWith(folder.href) || !PICTURE_FILE.test(inImages)) {
      context.addIssue({
        code: 'custom',
        message: `Image ${src} must be a .jpg, .png, .webp or .avif file under images/ next to the ${whose}`,
      });
    } else if (!existsSync(file)) {
      context.addIssue({ code: 'custom', message: `Image file ${src} not found next to the ${whose}` });
    }
  });
}

/** Whether `id` is one of the shop's products: the name, without `.md`, of a product's file. */
const isProductId = (id: string): boolean =>
  FILE_ID.test(`${id}.md`) && existsSync(new URL(`${id}.md`, PRODUCTS_DIR));

/** What the build says of an id that is none of the product files. */
const NAMES_NO_PRODUCT =
  'names no product: write the id of a file in src/content/products/, e.g. cumin-seeds';

/**
 * Products named by id, each checked against the files so a misspelt id fails the build rather
 * than linking to nothing (a rule across fields, for the workbench's tests).
 */
const productIds = z.array(z.string().min(1)).superRefine((ids, context) => {
  ids.forEach((id, index) => {
    if (!isProductId(id))
      context.addIssue({
        code: 'custom',
        path: [index],
        message: `"${id}" ${NAMES_NO_PRODUCT}`,
        params: { acrossFields: true },
      });
  });
});

/** Where the shop serves files as they are, such as a product's video. */
const PUBLIC_DIR = new URL('../public/', import.meta.url);

/**
 * A product's video under `public/`, e.g. `/videos/kashmiri-saffron.mp4`: a missing file built,
 * and shoppers got a player that never started. Checked against the files, which the workbench
 * cannot do (as a rule across fields, for its tests).
 */
const videoPath = z
  .string()
  .startsWith('/')
  .superRefine((src, context) => {
    if (!existsSync(new URL(`.${src}`, PUBLIC_DIR)))
      context.addIssue({
        code: 'custom',
        message: `Video file public${src} not found: put the video under public/ and name it from there`,
        params: { acrossFields: true },
      });
  });

/** One Markdown file per product in `src/content/products/`; the body is the description. */
const products = defineCollection({
  loader: markdownIn('products'),
  schema: fields({
    /** Display name, e.g. "Kashmiri Saffron". */
    title: z.string().min(1),
    /** Other names a cook may search for, e.g. "jeera" or "comino". */
    aliases: z.array(z.string().min(1)).default([]),
    /** The category: one of Spices, Herbs, Seeds, Blends, Powders. */
    variety: z.enum(CATEGORIES),
    /** Where it is grown or made, e.g. "Pampore, Kashmir, India". */
    origin: z.string().min(1),
    /** The day the product joined the shop (YYYY-MM-DD): the catalogue's "Newest" order. */
    added: calendarDay,
    /** Pack sizes; the first is the one cards show. `grams` gives the price per 100 g. */
    netQuantities: z
      .array(
        fields({
          label: z.string().min(1),
          grams: z.number({ error: 'Write the weight in grams as a number, e.g. 250' }).positive(),
          price: z
            .number({ error: 'Write the price in dollars as a number, e.g. 7.50: no $ and no quotes' })
            .positive(),
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
        fields({
          src: picturePath(PRODUCTS_DIR, 'product'),
          alt: z.string().min(1),
          /** The pack size whose label this tin picture shows, e.g. "250 g". */
          pack: z.string().min(1).optional(),
        }),
      )
      .min(2),
    /** Optional short video under `public/`, e.g. `/videos/kashmiri-saffron.mp4`. */
    video: videoPath.optional(),
    ingredients: z.array(z.string().min(1)).min(1),
    /** Per 100 g: kcal and grams. */
    nutrition: fields({
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
    offer: z
      .number({ error: 'Write the offer as a percent, e.g. 20: no % and no quotes' })
      .int('Write the offer as a whole percent, e.g. 20')
      .min(1)
      .max(90)
      .optional(),
    /** Its lots, in any order; the product page shows the latest packed and how fresh it is. */
    lots: z.array(lot).default([]),
    /** Months it keeps its best from packing, when not its kind's (whole 24, ground 6, herbs 12). */
    shelfLifeMonths: z.number().int().min(1).max(60).optional(),
    /** Products it pairs with, by id, for its page's "Pairs well with"; else those its recipes use. */
    pairsWith: productIds.default([]),
  })
    .superRefine(picturesMatchPacks)
    .superRefine(packsDiffer),
});

/** Where recipe Markdown and its `images/` live. */
const RECIPES_DIR = new URL('./content/recipes/', import.meta.url);

/** Minutes of a recipe's preparation or cooking. */
const minutes = z.number({ error: 'Write the minutes as a number, e.g. 20' }).int().min(0);

/**
 * Each of the shop's spices a recipe uses names a product: the build fails naming the recipe and
 * the id of one that does not (its page could not show it, nor put it in the cart).
 */
function spicesAreProducts(
  recipe: { title: string; spices: { product: string }[] },
  context: z.RefinementCtx,
): void {
  recipe.spices.forEach(({ product }, index) => {
    if (!isProductId(product))
      context.addIssue({
        code: 'custom',
        path: ['spices', index, 'product'],
        message: `${recipe.title}: spice ${index + 1} is "${product}", which ${NAMES_NO_PRODUCT}`,
        params: { acrossFields: true },
      });
  });
}

/** One Markdown file per recipe in `src/content/recipes/`; the body is the cook's note before the steps. */
const recipes = defineCollection({
  loader: markdownIn('recipes'),
  schema: fields({
    /** The dish, e.g. "Chana Masala". */
    title: z.string().min(1),
    /** One or two sentences for the card and search results. */
    summary: z.string().min(1),
    /** The dish, drawn like the product pictures, with what it shows for those who cannot see it. */
    picture: fields({ src: picturePath(RECIPES_DIR, 'recipe'), alt: z.string().min(1) }),
    prepMinutes: minutes,
    cookMinutes: minutes,
    /** How many people it feeds. */
    serves: z.number({ error: 'Write how many it serves as a number, e.g. 4' }).int().min(1),
    /** The shop's spices it uses: each a product id and how much, in words ("2 teaspoons"). */
    spices: z.array(fields({ product: z.string().min(1), amount: z.string().min(1) })).min(1),
    /** Everything else it needs, each with its amount ("400 g cooked chickpeas"). */
    ingredients: z.array(z.string().min(1)).min(1),
    /** What to do, in order; the page numbers them. */
    steps: z.array(z.string().min(1)).min(1),
    cuisine: z.enum(CUISINES),
    course: z.enum(COURSES),
    /** The day it was published (YYYY-MM-DD): newest recipes come first. */
    published: calendarDay,
  }).superRefine(spicesAreProducts),
});

/** A position in a hand-ordered list: lower numbers first. */
const order = z.number().int().nonnegative();

/**
 * One Markdown file per information page in `src/content/pages/`; the file name is the URL
 * (`about.md` is `/about`) and the body is the page's copy.
 */
const pages = defineCollection({
  loader: markdownIn('pages', OWN_ROUTES),
  schema: fields({
    /** The page's heading (h1) and the start of its browser title. */
    title: z.string().min(1),
    /** Meta and Open Graph description for search results, about 150 characters. */
    description: z.string().min(50).max(170),
    /** The short line above the heading, e.g. "Our company". */
    eyebrow: z.string().min(1),
    /** The lead paragraph under the heading, plain text. */
    intro: z.string().min(1),
    /** When the page last changed in substance; shown as "Last updated October 2025". */
    updated: calendarDay.optional(),
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
  schema: fields({
    /** The question as a shopper would ask it, ending in "?". */
    question: z.string().endsWith('?'),
    /** Where the question sits on the page. */
    order,
  }),
});

/** One Markdown file per open position in `src/content/careers/`; the body describes the role. */
const careers = defineCollection({
  loader: markdownIn('careers'),
  schema: fields({
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
  schema: fields({
    /** The year of the milestone; the timeline runs in year order. */
    year: z.number().int().min(2000).max(2100),
    /** What the year is remembered for, in a few words. */
    title: z.string().min(1),
  }),
});

/** One Markdown file per 2030 sustainability goal in `src/content/goals/`; the body is the plan. */
const goals = defineCollection({
  loader: markdownIn('goals'),
  schema: fields({
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
const intro = fields({ eyebrow: z.string().min(1), title: z.string().min(1), lead: z.string().min(1) });

/**
 * The home page's copy, one Markdown file (`src/content/home/home.md`); its body is the story
 * blurb. Products and category counts come from the catalogue, not from here.
 */
const home = defineCollection({
  loader: markdownIn('home'),
  schema: fields({
    hero: intro.extend({
      /** The product whose pictures dress the hero (its file name without `.md`). */
      product: reference('products'),
      /** The claims under the hero, e.g. { value: '100%', label: 'Natural' }. */
      claims: z.array(fields({ value: z.string().min(1), label: z.string().min(1) })).min(1),
    }),
    featured: intro,
    categories: intro,
    story: intro.omit({ lead: true }).extend({
      /** The product whose still life illustrates the story. */
      product: reference('products'),
    }),
    values: intro.omit({ lead: true }).extend({
      items: z.array(fields({ title: z.string().min(1), text: z.string().min(1) })).min(1),
    }),
    newsletter: intro,
  }),
});

export const collections = { products, recipes, home, pages, faq, careers, timeline, goals };
