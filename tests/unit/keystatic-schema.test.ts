import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import type { z } from 'astro/zod';
import { afterAll, describe, expect, it } from 'vitest';
import workbench from '../../keystatic.config.ts';
import { collections } from '#src/content.config.ts';
import { CATEGORIES } from '#src/lib/categories.ts';
import { SEASONS } from '#src/lib/lots.ts';
import { COURSES, CUISINES } from '#src/lib/recipes.ts';
import { PICTURE, PRODUCT_FRONT_MATTER, RECIPE_FRONT_MATTER } from '../support/productFrontMatter.ts';

/*
 * The workbench (keystatic.config.ts) and the build (src/content.config.ts) must agree on every
 * front matter field: its name, whether it is required, its choices and its limits. Each
 * collection starts from an entry both accept; every field is then removed or given a series of
 * awkward values, and both sides must accept or refuse each file alike.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Entry = Record<string, Json>;

/** One entry per collection that both schemas accept, with every optional field present. */
const VALID: Record<string, Entry> = {
  products: PRODUCT_FRONT_MATTER,
  recipes: RECIPE_FRONT_MATTER,
  pages: {
    title: 'Shipping & delivery',
    description: 'How long a Saffron & Stone order takes to arrive, anywhere we deliver, for free.',
    eyebrow: 'Customer care',
    intro: 'Every order is packed by hand.',
    updated: '2025-10-01',
    section: 'faq',
  },
  faq: { question: 'Do you ship abroad?', order: 1 },
  careers: {
    title: 'Spice Buyer',
    department: 'Sourcing',
    location: 'Remote (US)',
    type: 'Full-time',
    order: 1,
  },
  timeline: { year: 2018, title: 'A market stall' },
  goals: { title: 'Zero landfill', progress: 60, progressLabel: 'of waste diverted', order: 1 },
  home: {
    hero: {
      eyebrow: 'Since 2018',
      title: 'Spices',
      lead: 'From the farms.',
      product: 'cumin-seeds',
      claims: [{ value: '100%', label: 'Natural' }],
    },
    featured: { eyebrow: 'Pantry', title: 'Featured', lead: 'Four tins.' },
    categories: { eyebrow: 'Shop', title: 'Categories', lead: 'Five kinds.' },
    story: { eyebrow: 'Story', title: 'One tin', product: 'cumin-seeds' },
    values: { eyebrow: 'Values', title: 'Fewer miles', items: [{ title: 'Paid fairly', text: 'Always.' }] },
    newsletter: { eyebrow: 'Letter', title: 'Recipes', lead: 'Once a month.' },
  },
};

const REMOVE = Symbol('remove the field');
type Probe = Json | typeof REMOVE;

const CHOICES = [
  ...CATEGORIES,
  ...SEASONS,
  ...CUISINES,
  ...COURSES,
  'Full-time',
  'Part-time',
  'Contract',
  'timeline',
  'goals',
  'careers',
  'faq',
];
const STRINGS: Probe[] = [
  '',
  'a',
  'Is it fresh?',
  '/videos/a.mp4',
  'x'.repeat(49),
  'x'.repeat(50),
  'x'.repeat(170),
  'x'.repeat(171),
  ...CHOICES,
  'Other',
];
const NUMBERS: Probe[] = [-1, 0, 0.5, 1, 1.5, 90, 91, 100, 101, 1999, 2000, 2100, 2101];

type Path = (string | number)[];

/** The parts of a Keystatic field these probes need; form fields, objects and lists. */
interface WorkbenchField {
  kind: string;
  formKind?: string;
  fields?: Record<string, WorkbenchField>;
  element?: WorkbenchField;
  defaultValue?: () => unknown;
  serialize?: (value: unknown, extra: object) => { value?: unknown };
}

/** The Keystatic field that writes the front matter at `path`. */
function workbenchFieldAt(fields: Record<string, WorkbenchField>, path: Path): WorkbenchField {
  let field: WorkbenchField = { kind: 'object', fields };
  for (const key of path) {
    const next = typeof key === 'number' ? field.element : field.fields?.[key];
    if (!next) throw new Error(`The workbench has no field ${path.join('.')}`);
    field = next;
  }
  return field;
}

/**
 * Whether an editor can leave the field out of the file: an empty text, number, date or choice.
 * The title (Keystatic's slug field, which also names the file) is always written.
 */
function canBeLeftOut(field: WorkbenchField, isTitle: boolean): boolean {
  if (isTitle || field.kind !== 'form' || !field.defaultValue || !field.serialize) return false;
  return field.serialize(field.defaultValue(), {}).value === undefined;
}

/** Whether the field is a line of text, which the editor can leave blank. */
const isText = (field: WorkbenchField) => field.kind === 'form' && field.formKind === 'slug';

/** Every field path in `value` with the probes that suit its type and its Keystatic field. */
function probesOf(
  fields: Record<string, WorkbenchField>,
  titleField: string | undefined,
  value: Json,
  path: Path = [],
): [Path, Probe[]][] {
  const field = workbenchFieldAt(fields, path);
  const strings = STRINGS.filter((probe) => probe !== '' || isText(field));
  const isTitle = path.length === 1 && path[0] === titleField;
  const removable: Probe[] = canBeLeftOut(field, isTitle) ? [REMOVE] : [];
  // A picture must be a file Keystatic uploaded.
  if (path.at(-1) === 'src') return [[path, removable]];
  if (typeof value === 'boolean') return [[path, [true, false]]];
  if (typeof value === 'string') return [[path, [...removable, ...strings]]];
  if (typeof value === 'number') return [[path, [...removable, ...NUMBERS]]];
  if (Array.isArray(value)) {
    const first = value[0] ?? null;
    const lists: Probe[] = [[], [first], [first, first], [first, first, first]];
    return [[path, lists], ...probesOf(fields, titleField, first, [...path, 0])];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      probesOf(fields, titleField, inner, [...path, key]),
    );
  }
  return [];
}

/** A copy of `entry` with the field at `path` set to `probe` (or removed). */
function withProbe(entry: Entry, path: Path, probe: Probe): Entry {
  const copy = structuredClone(entry);
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key] as Json;
  const last = path.at(-1) as string | number;
  if (probe === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, Json>)[last];
  } else (parent as Record<string | number, Json>)[last] = probe;
  return copy;
}

/** The build's schema of a collection. */
function buildSchema(name: string): z.ZodType {
  return (collections as Record<string, { schema?: unknown }>)[name]?.schema as z.ZodType;
}

const repo = mkdtempSync(join(tmpdir(), 'workbench-schema-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const reader = createReader(repo, workbench);
let files = 0;

/**
 * Whether Keystatic opens `entry` as a valid entry of `name`: written as Markdown front matter
 * (JSON is YAML) to a file of its own in a scratch repository, then read back.
 */
async function workbenchAccepts(name: string, entry: Entry): Promise<boolean> {
  const isSingleton = name in workbench.singletons;
  const base = isSingleton ? workbench.singletons.home.path : workbench.collections[name as 'faq'].path;
  if (!base) throw new Error(`The workbench gives ${name} no path`);
  const slug = `probe-${++files}`;
  const file = join(repo, isSingleton ? `${base}.md` : `${base.replace('*', slug)}.md`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `---\n${JSON.stringify(entry)}\n---\n\nThe body.\n`);
  try {
    const read = isSingleton
      ? await reader.singletons.home.read()
      : await reader.collections[name as 'faq'].read(slug);
    return read !== null;
  } catch {
    return false;
  } finally {
    rmSync(file);
  }
}

/** Whether an issue comes from a rule across fields (a picture per pack), which Keystatic cannot state. */
const isAcrossFields = (issue: z.core.$ZodIssue) =>
  issue.code === 'custom' && issue.params?.['acrossFields'] === true;

/**
 * Whether the build accepts the file Keystatic writes for `entry`, field by field: rules across
 * fields are left to their own tests. Keystatic writes an empty text field as no field at all, so
 * that is what the build sees.
 */
function buildAccepts(name: string, entry: Entry, path: Path, probe: Probe): boolean {
  const asWritten = probe === '' && typeof path.at(-1) === 'string' ? withProbe(entry, path, REMOVE) : entry;
  const result = buildSchema(name).safeParse(asWritten);
  return result.success || result.error.issues.every(isAcrossFields);
}

const workbenchSchemas = { ...workbench.collections, ...workbench.singletons };

describe('the workbench and the build describe the same content', () => {
  it('has the same collections', () => {
    expect(Object.keys(workbenchSchemas).sort()).toEqual(Object.keys(collections).sort());
  });

  for (const [name, entry] of Object.entries(VALID)) {
    it(`${name}: the same fields`, () => {
      const { schema, format } = workbenchSchemas[name as 'faq'];
      const contentField = typeof format === 'object' ? format.contentField : undefined;
      const fields = Object.keys(schema).filter((field) => field !== contentField);
      expect(fields.sort()).toEqual(Object.keys(entry).sort());
      const shape = (buildSchema(name) as z.ZodObject).shape;
      expect(Object.keys(shape).sort()).toEqual(Object.keys(entry).sort());
    });

    // Each probe writes a file and reads it back: a product's few hundred take seconds.
    it(`${name}: the same required rules, choices and limits`, async () => {
      const workbenchSchema = workbenchSchemas[name as 'faq'];
      const titleField = 'slugField' in workbenchSchema ? workbenchSchema.slugField : undefined;
      expect(await workbenchAccepts(name, entry)).toBe(true);
      expect(buildSchema(name).safeParse(entry).success).toBe(true);
      const disagreements: string[] = [];
      const fields = workbenchSchema.schema as unknown as Record<string, WorkbenchField>;
      for (const [path, probes] of probesOf(fields, titleField, entry)) {
        for (const probe of probes) {
          const probed = withProbe(entry, path, probe);
          const workbenchSays = await workbenchAccepts(name, probed);
          if (workbenchSays !== buildAccepts(name, probed, path, probe)) {
            const shown = probe === REMOVE ? '(removed)' : JSON.stringify(probe);
            disagreements.push(
              `${path.join('.')} = ${shown}: workbench ${workbenchSays ? 'accepts' : 'refuses'}`,
            );
          }
        }
      }
      expect(disagreements).toEqual([]);
    }, 30_000);
  }
});

describe('the build ties a tin picture to each pack size', () => {
  const product = VALID['products'] as Entry;
  const twoPacks = {
    ...product,
    netQuantities: [
      { label: '100 g', grams: 100, price: 6.5 },
      { label: '250 g', grams: 250, price: 14 },
    ],
  };
  const messages = (entry: Entry) => {
    const result = buildSchema('products').safeParse(entry);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts one picture per pack, the first pack first', () => {
    const images = [...(product['images'] as Entry[]), { src: PICTURE, alt: '250 g tin', pack: '250 g' }];
    expect(messages({ ...twoPacks, images })).toEqual([]);
  });

  it('names the product and the pack when a picture names no pack size', () => {
    const images = [...(product['images'] as Entry[]), { src: PICTURE, alt: '250 g tin', pack: '250g' }];
    expect(messages({ ...twoPacks, images })).toEqual([
      'Cumin Seeds: picture 3 names pack "250g", which is none of its pack sizes (100 g, 250 g)',
    ]);
  });

  it('accepts pictures that name no pack (every pack keeps the first), and refuses two for one pack', () => {
    const plain = (product['images'] as Entry[]).map(({ src, alt }) => ({ src, alt }) as Entry);
    expect(messages({ ...twoPacks, images: plain })).toEqual([]);
    const images = [...(product['images'] as Entry[]), { src: PICTURE, alt: 'Another tin', pack: '100 g' }];
    expect(messages({ ...twoPacks, images })).toEqual([
      'Cumin Seeds: pack "100 g" has 2 pictures naming it (pack: 100 g); give it one',
    ]);
  });

  it("refuses a first picture that is not the first pack's", () => {
    const [tin, still] = product['images'] as Entry[];
    expect(messages({ ...product, images: [still as Entry, tin as Entry] })).toEqual([
      "Cumin Seeds: the first picture must be the first pack's (pack: 100 g)",
    ]);
  });

  it('names a picture that is missing, or that is not a picture file under images/', () => {
    const [tin, still] = product['images'] as Entry[];
    const naming = (src: string) => messages({ ...product, images: [tin as Entry, { ...still, src }] });
    expect(naming('./images/cumin-seeds/cumin-seeds-9.jpg')).toEqual([
      'Image file ./images/cumin-seeds/cumin-seeds-9.jpg not found next to the product',
    ]);
    for (const src of [
      '../products/cumin-seeds.md',
      './cumin-seeds.md',
      '../../../package.json',
      './images/x.gif',
    ]) {
      expect(naming(src)).toEqual([
        `Image ${src} must be a .jpg, .png, .webp or .avif file under images/ next to the product`,
      ]);
    }
    expect(naming('images/cumin-seeds/cumin-seeds-2.jpg')).toEqual([]);
  });
});

describe('the workbench opens the shop content', () => {
  const shop = createReader(process.cwd(), workbench);

  for (const name of Object.keys(workbench.collections)) {
    it(`opens every ${name} entry as valid`, async () => {
      const collection = shop.collections[name as 'faq'];
      const ids = await collection.list();
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        await expect(collection.read(id), id).resolves.not.toBeNull();
      }
    });
  }

  it('opens the home page as valid', async () => {
    await expect(shop.singletons.home.read()).resolves.not.toBeNull();
  });
});
