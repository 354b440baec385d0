import { createElement } from 'react';
import { collection, config, fields, singleton } from '@keystatic/core';
import { mark } from '@keystatic/core/content-components';
import { CATEGORIES } from '#src/lib/categories.ts';
import { SEASONS } from '#src/lib/lots.ts';
import { COURSES, CUISINES } from '#src/lib/recipes.ts';

/*
 * The content editors' workbench, served by `npm run dev` at /keystatic. It reads and writes the
 * same Markdown files as src/content.config.ts describes, so its fields, required rules, choices
 * and limits mirror those schemas (tests/unit/keystatic-schema.test.ts keeps the two in step).
 */

/** A required line of text. */
const line = (label: string, description?: string) =>
  fields.text({ label, validation: { isRequired: true }, ...(description ? { description } : {}) });

/** A whole number for hand-ordered lists: lower numbers come first. */
const order = fields.integer({
  label: 'Order',
  description: 'Lower numbers come first.',
  validation: { isRequired: true, min: 0 },
});

/** Who said a quote: `<cite>` inside a blockquote, which the shop's pages set small under it. */
const cite = mark({
  label: 'Citation',
  icon: createElement('span', { 'aria-hidden': true }, '—'),
  schema: {},
  tag: 'small',
});

/** The Markdown body under the front matter, with what the shop's pages style. */
const body = (label: string) =>
  fields.mdx({
    label,
    extension: 'md',
    options: { image: false, codeBlock: false, divider: false, heading: [2, 3] },
    components: { cite },
  });

/** A positive amount, to the cent. */
const positive = (label: string) =>
  fields.number({ label, step: 0.01, validation: { isRequired: true, min: 0.01 } });

/** A nutrition figure per 100 g. */
const per100g = (label: string) =>
  fields.number({ label, step: 0.1, validation: { isRequired: true, min: 0 } });

/**
 * A picture of an entry, kept in `images/<entry id>/` under `folder` and named by `fileName` from
 * the entry's id and the picture's place in its list (instead of Keystatic's
 * `images/0/src.jpg`), so built image URLs keep naming the product or recipe.
 */
function entryPicture(
  folder: string,
  fileName: (id: string, position: number | undefined) => string | undefined,
) {
  const picture = fields.image({
    label: 'Picture',
    directory: `src/content/${folder}/images`,
    publicPath: './images/',
    validation: { isRequired: true },
  });
  return {
    ...picture,
    serialize: (
      value: Parameters<typeof picture.serialize>[0],
      extra: Parameters<typeof picture.serialize>[1],
    ) => {
      const place = extra.suggestedFilenamePrefix?.match(/\/(\d+)\//)?.[1];
      const named =
        extra.slug === undefined
          ? undefined
          : fileName(extra.slug, place === undefined ? undefined : Number(place));
      const suggestedFilenamePrefix = named ?? extra.suggestedFilenamePrefix;
      return picture.serialize(value, { ...extra, suggestedFilenamePrefix });
    },
  };
}

/** A choice that may be left empty; empty is left out of the file rather than written as "". */
function optionalSelect(label: string, options: { label: string; value: string }[]) {
  const select = fields.select({
    label,
    options: [{ label: 'None', value: '' }, ...options],
    defaultValue: '',
  });
  return {
    ...select,
    serialize: (value: string) => ({ value: value === '' ? undefined : value }),
  };
}

/** A list of required lines, e.g. ingredients or tags. */
const lines = (label: string, itemLabel: string, min = 0) =>
  fields.array(line(itemLabel), {
    label,
    itemLabel: (props) => props.value,
    ...(min ? { validation: { length: { min } } } : {}),
  });

/** Today, as the build reads it: no lot is packed after it. */
const today = new Date().toISOString().slice(0, 10);

/** One lot of a product: its harvest, where it was grown (or blended) and when it was packed. */
const lot = fields.object({
  harvest: fields.object(
    {
      season: fields.select({
        label: 'Season',
        description: 'Winter 2025 starts in December 2025.',
        options: SEASONS.map((season) => ({ label: season, value: season })),
        defaultValue: 'Autumn',
      }),
      year: fields.integer({
        label: 'Year',
        validation: { isRequired: true, min: 2000, max: Number(today.slice(0, 4)) },
      }),
    },
    { label: 'Harvest', layout: [6, 6] },
  ),
  region: line('Region', 'Where it was grown, e.g. "Idukki, Kerala"; for a blend, where it was blended.'),
  packedOn: fields.date({
    label: 'Packed on',
    description: 'After the harvest starts, and not after today.',
    validation: { isRequired: true, max: today },
  }),
});

const products = collection({
  label: 'Products',
  path: 'src/content/products/*',
  slugField: 'title',
  format: { contentField: 'description' },
  columns: ['variety', 'inStock'],
  schema: {
    title: fields.slug({
      name: { label: 'Title', validation: { isRequired: true } },
      slug: {
        label: 'Id',
        description: 'The file name and URL, e.g. cumin-seeds for /products/cumin-seeds.',
      },
    }),
    aliases: lines('Other names', 'Name'),
    variety: fields.select({
      label: 'Category',
      options: CATEGORIES.map((category) => ({ label: category, value: category })),
      defaultValue: CATEGORIES[0],
    }),
    origin: line('Origin', 'Where it is grown or made, e.g. "Pampore, Kashmir, India".'),
    added: fields.date({
      label: 'Added',
      description: "The day it joined the shop; the catalogue's Newest order reads it.",
      defaultValue: { kind: 'today' },
      validation: { isRequired: true },
    }),
    netQuantities: fields.array(
      fields.object({
        label: line('Label', 'e.g. "100 g"'),
        grams: positive('Grams'),
        price: positive('Price in dollars'),
      }),
      {
        label: 'Pack sizes',
        description: 'The first is the one product cards show.',
        itemLabel: (props) => props.fields.label.value,
        validation: { length: { min: 1 } },
      },
    ),
    images: fields.array(
      fields.object({
        src: entryPicture('products', (id, position) =>
          position === undefined ? undefined : `${id}-${position + 1}`,
        ),
        alt: line('Alt text', 'What the picture shows; a tin names its pack, e.g. "Cumin Seeds, 250 g tin".'),
        pack: fields.text({
          label: 'Pack size shown',
          description:
            'For a tin: the pack size on its label, exactly as under Pack sizes, e.g. "250 g". Empty for other pictures.',
        }),
      }),
      {
        label: 'Pictures',
        description:
          "At least two: one tin per pack size, and the first is the first pack's, the packshot cards show.",
        itemLabel: (props) => props.fields.alt.value,
        validation: { length: { min: 2 } },
      },
    ),
    video: fields.text({
      label: 'Video',
      description: 'Optional, a file under public/, e.g. /videos/kashmiri-saffron.mp4.',
      validation: { pattern: { regex: /^(\/.*)?$/, message: 'Video must start with /' } },
    }),
    ingredients: lines('Ingredients', 'Ingredient', 1),
    nutrition: fields.object(
      {
        calories: per100g('Calories (kcal)'),
        protein: per100g('Protein (g)'),
        carbs: per100g('Carbs (g)'),
        fat: per100g('Fat (g)'),
      },
      { label: 'Nutrition per 100 g' },
    ),
    tags: lines('Tags', 'Tag'),
    inStock: fields.checkbox({ label: 'In stock', defaultValue: true }),
    featured: fields.checkbox({ label: 'Featured on the home page' }),
    newArrival: fields.checkbox({ label: 'New arrival' }),
    bestSeller: fields.checkbox({ label: 'Best seller' }),
    offer: fields.integer({
      label: 'Offer (% off)',
      description: 'Leave empty unless the product is on special offer.',
      validation: { min: 1, max: 90 },
    }),
    lots: fields.array(lot, {
      label: 'Lots',
      description: 'The latest packed is the one on sale: the product page shows how fresh it is.',
      itemLabel: (props) =>
        `${props.fields.harvest.fields.season.value} ${props.fields.harvest.fields.year.value ?? ''} · packed ${props.fields.packedOn.value ?? '…'}`,
    }),
    shelfLifeMonths: fields.integer({
      label: 'Shelf life (months)',
      description: 'Leave empty for its kind: whole spices and seeds 24, powders and blends 6, herbs 12.',
      validation: { min: 1, max: 60 },
    }),
    pairsWith: fields.array(
      fields.relationship({ label: 'Product', collection: 'products', validation: { isRequired: true } }),
      {
        label: 'Pairs well with',
        description:
          'Products to suggest beside this one; leave empty for those its recipes use most with it.',
        itemLabel: (props) => props.value ?? '…',
      },
    ),
    description: body('Description'),
  },
});

const recipes = collection({
  label: 'Recipes',
  path: 'src/content/recipes/*',
  slugField: 'title',
  format: { contentField: 'note' },
  columns: ['cuisine', 'course'],
  schema: {
    title: fields.slug({
      name: { label: 'Title', validation: { isRequired: true } },
      slug: {
        label: 'Id',
        description: 'The file name and URL, e.g. chana-masala for /recipes/chana-masala.',
      },
    }),
    summary: fields.text({
      label: 'Summary',
      description: 'One or two sentences for the card and search.',
      multiline: true,
      validation: { isRequired: true },
    }),
    picture: fields.object(
      {
        src: entryPicture('recipes', (id) => id),
        alt: line('Alt text', 'What the picture shows, e.g. "A bowl of chickpeas in a brown gravy".'),
      },
      { label: 'Picture' },
    ),
    prepMinutes: fields.integer({ label: 'Preparation (minutes)', validation: { isRequired: true, min: 0 } }),
    cookMinutes: fields.integer({ label: 'Cooking (minutes)', validation: { isRequired: true, min: 0 } }),
    serves: fields.integer({ label: 'Serves', validation: { isRequired: true, min: 1 } }),
    spices: fields.array(
      fields.object({
        product: fields.relationship({
          label: 'Spice',
          collection: 'products',
          validation: { isRequired: true },
        }),
        amount: line('Amount', 'In words, e.g. "1 teaspoon" or "3 whole stars".'),
      }),
      {
        label: "The shop's spices",
        description: 'Each one a product and how much; the page can put them all in the cart.',
        itemLabel: (props) => `${props.fields.product.value ?? '…'}: ${props.fields.amount.value}`,
        validation: { length: { min: 1 } },
      },
    ),
    ingredients: lines('Other ingredients', 'Ingredient', 1),
    steps: fields.array(fields.text({ label: 'Step', multiline: true, validation: { isRequired: true } }), {
      label: 'Steps',
      description: 'In order; the page numbers them.',
      itemLabel: (props) => props.value,
      validation: { length: { min: 1 } },
    }),
    cuisine: fields.select({
      label: 'Cuisine',
      options: CUISINES.map((cuisine) => ({ label: cuisine, value: cuisine })),
      defaultValue: CUISINES[0],
    }),
    course: fields.select({
      label: 'Course',
      options: COURSES.map((course) => ({ label: course, value: course })),
      defaultValue: 'Main',
    }),
    published: fields.date({
      label: 'Published',
      description: 'Newest recipes come first.',
      defaultValue: { kind: 'today' },
      validation: { isRequired: true },
    }),
    note: body("The cook's note"),
  },
});

const pages = collection({
  label: 'Information pages',
  path: 'src/content/pages/*',
  slugField: 'title',
  format: { contentField: 'body' },
  schema: {
    title: fields.slug({
      name: { label: 'Title', validation: { isRequired: true } },
      slug: { label: 'Address', description: 'The page is served at /<address>.' },
    }),
    description: fields.text({
      label: 'Description for search results',
      multiline: true,
      validation: { length: { min: 50, max: 170 } },
    }),
    eyebrow: line('Eyebrow', 'The short line above the heading, e.g. "Our company".'),
    intro: fields.text({ label: 'Intro', multiline: true, validation: { isRequired: true } }),
    updated: fields.date({ label: 'Last updated', description: 'Only for changes in substance.' }),
    section: optionalSelect('Section after the body', [
      { label: 'Timeline (Our story)', value: 'timeline' },
      { label: 'Goals (Sustainability)', value: 'goals' },
      { label: 'Open positions (Careers)', value: 'careers' },
      { label: 'Questions (FAQ)', value: 'faq' },
    ]),
    body: body('Page copy'),
  },
});

const faq = collection({
  label: 'FAQ',
  path: 'src/content/faq/*',
  slugField: 'question',
  format: { contentField: 'answer' },
  schema: {
    question: fields.slug({
      name: {
        label: 'Question',
        validation: {
          isRequired: true,
          pattern: { regex: /\?$/, message: 'A question ends in "?"' },
        },
      },
    }),
    order,
    answer: body('Answer'),
  },
});

const careers = collection({
  label: 'Open positions',
  path: 'src/content/careers/*',
  slugField: 'title',
  format: { contentField: 'body' },
  schema: {
    title: fields.slug({ name: { label: 'Job title', validation: { isRequired: true } } }),
    department: line('Department', 'e.g. "Product & Quality".'),
    location: line('Location', 'e.g. "San Francisco, CA" or "Remote (US)".'),
    type: fields.select({
      label: 'Type',
      options: ['Full-time', 'Part-time', 'Contract'].map((type) => ({ label: type, value: type })),
      defaultValue: 'Full-time',
    }),
    order,
    body: body('About the role'),
  },
});

const timeline = collection({
  label: 'Timeline',
  path: 'src/content/timeline/*',
  slugField: 'title',
  format: { contentField: 'body' },
  schema: {
    year: fields.integer({ label: 'Year', validation: { isRequired: true, min: 2000, max: 2100 } }),
    title: fields.slug({ name: { label: 'Title', validation: { isRequired: true } } }),
    body: body('What happened'),
  },
});

const goals = collection({
  label: 'Sustainability goals',
  path: 'src/content/goals/*',
  slugField: 'title',
  format: { contentField: 'body' },
  schema: {
    title: fields.slug({ name: { label: 'Goal', validation: { isRequired: true } } }),
    progress: fields.number({
      label: 'Progress (%)',
      validation: { isRequired: true, min: 0, max: 100 },
    }),
    progressLabel: line('Progress label', 'e.g. "of emissions cut or offset in 2025".'),
    order,
    body: body('The plan'),
  },
});

/** A heading block of the home page: small label, title and a one-line lead. */
const intro = {
  eyebrow: line('Eyebrow'),
  title: line('Title'),
  lead: line('Lead'),
};

/** The product whose pictures illustrate a home page block. */
const pictured = fields.relationship({
  label: 'Product pictured',
  collection: 'products',
  validation: { isRequired: true },
});

const home = singleton({
  label: 'Home page',
  path: 'src/content/home/home',
  format: { contentField: 'body' },
  schema: {
    hero: fields.object(
      {
        ...intro,
        product: pictured,
        claims: fields.array(fields.object({ value: line('Value', 'e.g. "100%"'), label: line('Label') }), {
          label: 'Claims',
          itemLabel: (props) => `${props.fields.value.value} ${props.fields.label.value}`,
          validation: { length: { min: 1 } },
        }),
      },
      { label: 'Hero' },
    ),
    featured: fields.object(intro, { label: 'Featured products' }),
    categories: fields.object(intro, { label: 'Categories' }),
    story: fields.object(
      { eyebrow: intro.eyebrow, title: intro.title, product: pictured },
      { label: 'Story', description: 'The story text is the body below.' },
    ),
    values: fields.object(
      {
        eyebrow: intro.eyebrow,
        title: intro.title,
        items: fields.array(fields.object({ title: line('Title'), text: line('Text') }), {
          label: 'Values',
          itemLabel: (props) => props.fields.title.value,
          validation: { length: { min: 1 } },
        }),
      },
      { label: 'Values' },
    ),
    newsletter: fields.object(intro, { label: 'Newsletter' }),
    body: body('Story'),
  },
});

export default config({
  storage: { kind: 'local' },
  ui: { brand: { name: 'Saffron & Stone' } },
  collections: { products, recipes, pages, faq, careers, timeline, goals },
  singletons: { home },
});
