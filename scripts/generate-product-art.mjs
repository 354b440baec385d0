/**
 * Generates the catalogue images of each product as JPEG files next to its Markdown:
 *   one Saffron & Stone tin per pack size, labelled with the product and that pack's weight,
 *     written to the `src` of each picture whose front matter names that `pack`
 *     (by convention <slug>-1.jpg for the first pack, <slug>-3.jpg, -4.jpg… for the others)
 *   src/content/products/images/<slug>/<slug>-2.jpg  a still life of the spice in a bowl
 *
 * The label text (title, category, origin, pack sizes) and the pictures' files are read from the
 * product's front matter; the look of the spice (its form and colours) comes from the ART table
 * below, so a new product needs one ART entry. The art is SVG rendered by sharp, so text uses system fonts:
 * install `fonts-ebgaramond` and `fonts-inter` (Debian) before running. Output is deterministic
 * (seeded per slug), so re-running only changes images whose inputs changed.
 *
 *   npx node scripts/generate-product-art.mjs            every product with an ART entry
 *   npx node scripts/generate-product-art.mjs cumin-seeds kashmiri-saffron
 *
 * With `--recipes`, it draws each recipe's picture instead, to the `picture.src` of its front
 * matter (src/content/recipes/images/<id>.jpg): the dish in the still life's bowl, the first of
 * its spices on the spoon and the others strewn over it and on the table, each as ART draws it.
 * The dish's look comes from the DISHES table, so a new recipe needs one DISHES entry.
 *
 *   npx node scripts/generate-product-art.mjs --recipes              every recipe with a DISHES entry
 *   npx node scripts/generate-product-art.mjs --recipes chana-masala
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONTENT = path.join(ROOT, 'src/content/products');
const OUT = path.join(CONTENT, 'images');
const SIZE = 1200;

/** Tin colours per category: the packaging family's one variable. */
const TIN = {
  Spices: { body: '#7c2410', text: '#f6e7d2' },
  Herbs: { body: '#3d5a3a', text: '#eef0df' },
  Seeds: { body: '#5a3a22', text: '#f3e4cf' },
  Blends: { body: '#4b2640', text: '#f4e3ea' },
  Powders: { body: '#9a6410', text: '#fff3d6' },
};

/** Still-life surfaces: base colour and the tint of its grain. */
const SURFACES = {
  walnut: { base: '#3a2518', grain: '#1c110a', freq: '0.003 0.09', seed: 3 },
  linen: { base: '#dccbb0', grain: '#a8916f', freq: '0.6 0.04', seed: 7 },
  stone: { base: '#9a8f83', grain: '#5e554c', freq: '0.05 0.05', seed: 11 },
  terracotta: { base: '#a65d3f', grain: '#6e3522', freq: '0.035 0.035', seed: 5 },
  slate: { base: '#3c3b3d', grain: '#1f1e20', freq: '0.02 0.06', seed: 9 },
};

/** Still-life bowls: glaze gradient (lit, mid, edge) and the inner well's shade. */
const BOWLS = {
  cream: { glaze: ['#fbf6ec', '#e7dccb', '#b9a98f'], well: ['#d8ccb8', '#a8977c'] },
  charcoal: { glaze: ['#6b6660', '#3f3b37', '#24211e'], well: ['#3a3632', '#201d1a'] },
  celadon: { glaze: ['#e4eadc', '#c5d0bb', '#8e9c84'], well: ['#b7c2ac', '#7f8c75'] },
};

/**
 * How each product's spice looks. `form` picks the texture painter; `colors` are the spice's
 * own shades (mid, main, dark, highlight); `surface` is the still life's table and `bowl` its
 * glaze (cream unless set).
 */
const ART = {
  'kashmiri-saffron': {
    form: 'threads',
    colors: ['#9e1708', '#c8260f', '#e0461c', '#f08a2a'],
    surface: 'walnut',
  },
  'lakadong-turmeric': {
    form: 'powder',
    colors: ['#d98a0b', '#eaa21a', '#b86b06', '#ffd36a'],
    surface: 'stone',
  },
  'cumin-seeds': {
    form: 'longSeeds',
    colors: ['#7a5a36', '#8f6c43', '#5c4127', '#b8945e'],
    surface: 'linen',
    bowl: 'charcoal',
  },
  'garam-masala': {
    form: 'powder',
    colors: ['#7a4a2a', '#8c5a35', '#5a341d', '#ad7a4c'],
    flecks: ['#3a2115', '#a0703f', '#2a1a12'],
    surface: 'terracotta',
    bowl: 'celadon',
  },
  'greek-oregano': {
    form: 'flakes',
    colors: ['#5f6b33', '#72803f', '#434b22', '#98a35c'],
    surface: 'linen',
    bowl: 'charcoal',
  },
  'tellicherry-black-pepper': {
    form: 'roundSeeds',
    seedSize: 9,
    colors: ['#3b2e25', '#4a3a2e', '#1f1712', '#8a7260'],
    surface: 'linen',
  },
  'green-cardamom': {
    form: 'pods',
    colors: ['#7d9a4a', '#8fae58', '#5b7535', '#c3d68f'],
    surface: 'walnut',
  },
  'ceylon-cinnamon': {
    form: 'quills',
    colors: ['#a8693a', '#b97a45', '#7d4a25', '#d9a06a'],
    surface: 'slate',
  },
  'star-anise': {
    form: 'stars',
    colors: ['#6b3a22', '#7f472a', '#4a2515', '#b8784a'],
    surface: 'stone',
    bowl: 'celadon',
  },
  'kasuri-methi': {
    form: 'flakes',
    colors: ['#7a8442', '#8d9850', '#5c6530', '#b3bb78'],
    surface: 'terracotta',
  },
  'curry-leaves': {
    form: 'leaves',
    colors: ['#3f5a2a', '#4d6b33', '#2c421d', '#8aa566'],
    surface: 'stone',
  },
  'turkish-bay-leaves': {
    form: 'leaves',
    leafSize: 1.8,
    colors: ['#7d8a55', '#8f9c64', '#5e6a3e', '#c6cf9f'],
    surface: 'walnut',
  },
  'dried-spearmint': {
    form: 'flakes',
    pieceScale: 0.8,
    colors: ['#5d7a4a', '#6e8c58', '#435a35', '#97b07f'],
    surface: 'slate',
  },
  'coriander-seeds': {
    form: 'roundSeeds',
    seedSize: 10,
    colors: ['#b08d5a', '#c09c66', '#8c6c40', '#e8cf9c'],
    surface: 'walnut',
  },
  'black-mustard-seeds': {
    form: 'roundSeeds',
    seedSize: 4.5,
    colors: ['#3a2a22', '#4a3529', '#231812', '#8a7060'],
    surface: 'linen',
  },
  'lucknowi-fennel': {
    form: 'longSeeds',
    colors: ['#8fa35a', '#9fb267', '#6e8242', '#cbd697'],
    surface: 'slate',
  },
  'nigella-seeds': {
    form: 'flakes',
    pieceScale: 0.55,
    colors: ['#1f1a18', '#2a2320', '#131010', '#5a504a'],
    surface: 'terracotta',
    bowl: 'celadon',
  },
  'ras-el-hanout': {
    form: 'powder',
    colors: ['#a0552a', '#b4652f', '#7a3d1c', '#d98d4f'],
    flecks: ['#5a2a14', '#e0a040', '#3b1f10'],
    surface: 'slate',
  },
  zaatar: {
    form: 'flakes',
    pieceScale: 0.7,
    colors: ['#6b6a3a', '#7c7a44', '#4d4c28', '#a19f66'],
    flecks: ['#eadbb2', '#7a1f22', '#eadbb2'],
    surface: 'linen',
    bowl: 'charcoal',
  },
  'chaat-masala': {
    form: 'powder',
    colors: ['#a78a5f', '#b89a6c', '#86693f', '#d4bb8f'],
    flecks: ['#4a3a2a', '#6b2a20'],
    surface: 'slate',
  },
  berbere: {
    form: 'powder',
    colors: ['#a82a16', '#bd3a1e', '#7e1c0e', '#e06a3a'],
    flecks: ['#5a140a', '#d8a060'],
    surface: 'linen',
    bowl: 'charcoal',
  },
  'kashmiri-chili-powder': {
    form: 'powder',
    colors: ['#b3261a', '#c83322', '#8a1a10', '#e65a3a'],
    surface: 'stone',
  },
  'smoked-paprika': {
    form: 'powder',
    colors: ['#8e2416', '#a22c1a', '#6a1a0e', '#c84a30'],
    surface: 'walnut',
    bowl: 'celadon',
  },
  'ground-ginger': {
    form: 'powder',
    colors: ['#d6b978', '#e2c88a', '#b89a58', '#f4e2b0'],
    surface: 'terracotta',
  },
  amchur: {
    form: 'powder',
    colors: ['#b99660', '#c7a56e', '#957440', '#e2c690'],
    surface: 'linen',
    bowl: 'charcoal',
  },
};

/**
 * How each recipe's dish looks in the bowl, drawn like a spice (ART above): `form` and `colors`
 * for the food, `density` for how much of it covers the sauce beneath (the mound's colours).
 */
const DISHES = {
  'chana-masala': {
    form: 'roundSeeds',
    seedSize: 15,
    density: 0.3,
    colors: ['#d9a75e', '#8a4422', '#56230f', '#f0cd8c'],
    surface: 'terracotta',
  },
  'tadka-dal': {
    form: 'powder',
    colors: ['#e0a32a', '#e8b03a', '#c07f14', '#ffd978'],
    surface: 'linen',
    bowl: 'charcoal',
  },
  'saffron-cardamom-kheer': {
    form: 'roundSeeds',
    seedSize: 6,
    density: 0.25,
    colors: ['#fbf1dc', '#f2e2bd', '#d9c08d', '#fffaf0'],
    surface: 'walnut',
    bowl: 'celadon',
  },
  'zaatar-manakish': {
    form: 'flakes',
    pieceScale: 0.7,
    density: 0.5,
    colors: ['#c99a5a', '#d6a866', '#9a6a34', '#f0cf95'],
    surface: 'linen',
  },
  'chicken-tagine-apricots': {
    form: 'pods',
    density: 0.12,
    pieceScale: 2.2,
    colors: ['#e08a2a', '#b0682a', '#6e3a16', '#f4b45a'],
    surface: 'slate',
    bowl: 'charcoal',
  },
  'misir-wot': {
    form: 'powder',
    colors: ['#a8321c', '#b43a1e', '#7a1e0e', '#dc6a3e'],
    surface: 'linen',
  },
  'patatas-bravas': {
    form: 'roundSeeds',
    seedSize: 30,
    density: 0.45,
    colors: ['#e3a94a', '#b8461f', '#8a2a12', '#f6d48a'],
    surface: 'walnut',
    bowl: 'celadon',
  },
  'greek-lemon-potatoes': {
    form: 'longSeeds',
    pieceScale: 4,
    density: 0.5,
    colors: ['#e8b650', '#d9a23e', '#b07a22', '#fbe3a0'],
    surface: 'stone',
  },
  'red-braised-pork': {
    form: 'roundSeeds',
    seedSize: 26,
    density: 0.5,
    colors: ['#6e2a14', '#4a1a0c', '#2e0f06', '#b0603a'],
    surface: 'stone',
    bowl: 'charcoal',
  },
};

/** Mulberry32: a small seeded generator so the art is the same on every run. */
function rng(seedText) {
  let a = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 2654435761), 1779033703);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const f = (n) => Math.round(n * 10) / 10;

/**
 * Reads the label facts from a product's front matter: flat keys, and the tin pictures as
 * `{ src, pack }`, one per image entry that names a pack.
 */
async function readProduct(slug) {
  const text = await readFile(path.join(CONTENT, `${slug}.md`), 'utf8');
  const front = text.split(/^---$/m)[1] ?? '';
  // Plain or double-quoted scalars, as the catalogue's front matter writes them.
  const unquote = (v = '') => (v.startsWith('"') ? JSON.parse(v) : v.trim());
  const field = (key) => unquote(front.match(new RegExp(`^${key}:\\s*(.+)$`, 'm'))?.[1]?.trim());
  // The `images:` list up to the next top-level key, cut into its entries.
  const images = front.match(/^images:\n((?:[ \t].*\n?)*)/m)?.[1] ?? '';
  const tins = images
    .split(/^\s*- /m)
    .map((entry) => ({
      src: entry.match(/^\s*src:\s*(.+)$/m)?.[1]?.trim(),
      pack: unquote(entry.match(/^\s*pack:\s*(.+)$/m)?.[1]?.trim()),
    }))
    .filter((tin) => tin.src && tin.pack);
  return { title: field('title'), variety: field('variety'), origin: field('origin'), tins };
}

/** Splits a title into at most two balanced lines for the label. */
function titleLines(title) {
  if (title.length <= 12) return [title];
  const words = title.split(' ');
  let best = [title];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff];
  }
  return best;
}

/** A point uniformly inside a circle. */
function inCircle(rand, cx, cy, r) {
  const t = rand() * Math.PI * 2;
  const d = Math.sqrt(rand()) * r;
  return [cx + Math.cos(t) * d, cy + Math.sin(t) * d];
}

/** How many bowls of radius 300 fit in a circle of radius r: piece counts scale with area. */
const area = (r) => (r / 300) ** 2;

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/** An SVG group placed at (x, y), turned by `deg` degrees. */
const at = (x, y, deg, body) => `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(deg)})">${body}</g>`;
const OUTLINE = 'stroke="#1a0f08" stroke-opacity=".35"';

/**
 * Texture painters: each returns SVG for pieces of the spice spread in a circle (cx, cy, r),
 * `density` times as many per area as in the bowl, each `scale` times its usual size.
 */
const PAINTERS = {
  threads(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round(900 * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const a = rand() * Math.PI * 2;
      const len = (34 + rand() * 40) * scale;
      const bend = (rand() - 0.5) * 26 * scale;
      const x2 = x + Math.cos(a) * len;
      const y2 = y + Math.sin(a) * len;
      const mx = (x + x2) / 2 - Math.sin(a) * bend;
      const my = (y + y2) / 2 + Math.cos(a) * bend;
      const c = pick(rand, art.colors.slice(0, 3));
      const w = (3 + rand() * 2.6) * scale;
      out.push(
        `<path d="M${f(x)} ${f(y)}Q${f(mx)} ${f(my)} ${f(x2)} ${f(y2)}" stroke="${c}" stroke-width="${f(w)}"/>`,
      );
      // The trumpet-shaped tip of a stigma catches the light.
      if (rand() < 0.5)
        out.push(
          `<circle cx="${f(x2)}" cy="${f(y2)}" r="${f(w * 0.9)}" fill="${art.colors[3]}" opacity=".8"/>`,
        );
    }
    return `<g fill="none" stroke-linecap="round">${out.join('')}</g>`;
  },
  longSeeds(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round((5200 / scale ** 2) * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const rx = (10 + rand() * 3) * scale;
      const ry = (3.6 + rand() * 1.2) * scale;
      const c = pick(rand, art.colors.slice(0, 3));
      out.push(
        at(
          x,
          y,
          rand() * 180,
          `<ellipse rx="${f(rx)}" ry="${f(ry)}" fill="${c}" ${OUTLINE} stroke-width="${f(scale)}"/><path d="M${f(-rx * 0.7)} ${f(-ry * 0.25)}H${f(rx * 0.7)}" stroke="${art.colors[3]}" stroke-width="${f(1.2 * scale)}" opacity=".7"/>`,
        ),
      );
    }
    return `<g>${out.join('')}</g>`;
  },
  roundSeeds(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const size = (art.seedSize ?? 8) * scale;
    const n = Math.round(((3600 * 64) / (size * size)) * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const s = size * (0.85 + rand() * 0.3);
      const c = pick(rand, art.colors.slice(0, 3));
      out.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${c}" ${OUTLINE} stroke-width="${f(scale)}"/><circle cx="${f(x - s * 0.3)}" cy="${f(y - s * 0.35)}" r="${f(s * 0.35)}" fill="${art.colors[3]}" opacity=".55"/>`,
      );
    }
    return `<g>${out.join('')}</g>`;
  },
  flakes(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round((4200 / scale ** 2) * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const s = (4 + rand() * 8) * scale;
      const pts = Array.from({ length: 5 }, (_, k) => {
        const t = (k / 5) * Math.PI * 2 + rand() * 0.8;
        const d = s * (0.5 + rand() * 0.6);
        return `${f(x + Math.cos(t) * d)},${f(y + Math.sin(t) * d)}`;
      });
      out.push(
        `<polygon points="${pts.join(' ')}" fill="${pick(rand, art.colors)}" ${OUTLINE} stroke-width="${f(scale)}"/>`,
      );
    }
    return `<g>${out.join('')}</g>`;
  },
  /** Powder: a few specks and small crumbs that catch the light on their upper edge. */
  powder(rand, art, cx, cy, r, density, scale) {
    const [, main, dark, light] = art.colors;
    const out = [];
    const n = Math.round(260 * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const s = (1 + rand() * 2.4) * scale;
      out.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${pick(rand, art.colors)}" opacity=".8"/>`,
      );
    }
    for (let i = 0; i < n / 2; i++) {
      const [x, y] = inCircle(rand, cx, cy, r * 0.95);
      const s = (2 + rand() * 3) * scale;
      out.push(
        `<circle cx="${f(x + s * 0.25)}" cy="${f(y + s * 0.3)}" r="${f(s)}" fill="${dark}" opacity=".35"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(s)}" fill="${main}"/><circle cx="${f(x - s * 0.3)}" cy="${f(y - s * 0.3)}" r="${f(s * 0.5)}" fill="${light}" opacity=".6"/>`,
      );
    }
    return `<g>${out.join('')}</g>`;
  },
  /** Cardamom: plump ribbed pods with a pointed tip. */
  pods(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round(800 * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const rx = (19 + rand() * 4) * scale;
      const ry = (11 + rand() * 2) * scale;
      const c = pick(rand, art.colors.slice(0, 3));
      const ribs = [-0.45, 0, 0.45]
        .map(
          (k) =>
            `<path d="M${f(-rx * 0.85)} 0Q0 ${f(ry * k * 2)} ${f(rx * 0.85)} 0" stroke="${art.colors[2]}" stroke-width="${f(1.2 * scale)}" fill="none" opacity=".6"/>`,
        )
        .join('');
      out.push(
        at(
          x,
          y,
          rand() * 180,
          `<path d="M${f(-rx - 4 * scale)} 0Q${f(-rx)} ${f(-ry)} 0 ${f(-ry)}Q${f(rx)} ${f(-ry)} ${f(rx)} 0Q${f(rx)} ${f(ry)} 0 ${f(ry)}Q${f(-rx)} ${f(ry)} ${f(-rx - 4 * scale)} 0Z" fill="${c}" ${OUTLINE} stroke-width="${f(scale)}"/>${ribs}<ellipse cx="${f(-rx * 0.2)}" cy="${f(-ry * 0.45)}" rx="${f(rx * 0.45)}" ry="${f(ry * 0.2)}" fill="${art.colors[3]}" opacity=".5"/>`,
        ),
      );
    }
    return `<g>${out.join('')}</g>`;
  },
  /** Cinnamon: long rolled quills, lighter along the curl, the spiral showing at one end. */
  quills(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round(70 * density * area(r));
    const base = rand() * 180;
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r * 0.85);
      const len = (170 + rand() * 110) * scale;
      const w = (26 + rand() * 8) * scale;
      const c = pick(rand, art.colors.slice(0, 3));
      out.push(
        at(
          x,
          y,
          base + (rand() - 0.5) * 50,
          `<rect x="${f(-len / 2)}" y="${f(-w / 2)}" width="${f(len)}" height="${f(w)}" rx="${f(w * 0.3)}" fill="${c}" ${OUTLINE} stroke-width="${f(1.5 * scale)}"/><rect x="${f(-len / 2)}" y="${f(-w / 2)}" width="${f(len)}" height="${f(w)}" rx="${f(w * 0.3)}" fill="url(#quill)"/><path d="M${f(-len / 2 + 6)} ${f(w * 0.12)}H${f(len / 2 - 6)}" stroke="${art.colors[2]}" stroke-width="${f(2 * scale)}" opacity=".7"/><ellipse cx="${f(len / 2 - 3)}" cy="0" rx="${f(5 * scale)}" ry="${f(w * 0.45)}" fill="${art.colors[2]}"/><path d="M${f(len / 2 - 3)} ${f(-w * 0.3)}q${f(4 * scale)} ${f(w * 0.3)} 0 ${f(w * 0.55)}" stroke="${art.colors[3]}" stroke-width="${f(1.5 * scale)}" fill="none"/>`,
        ),
      );
    }
    return `<defs><linearGradient id="quill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity=".35"/><stop offset=".35" stop-color="#fff" stop-opacity=".25"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></linearGradient></defs><g>${out.join('')}</g>`;
  },
  /** Star anise: eight boat-shaped carpels, some open on a glossy seed. */
  stars(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const n = Math.round(150 * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const R = (54 + rand() * 12) * scale;
      const c = pick(rand, art.colors.slice(0, 3));
      const arms = Array.from({ length: 8 }, (_, k) => {
        const arm = `<path d="M0 0Q${f(R * 0.45)} ${f(-R * 0.36)} ${f(R)} 0Q${f(R * 0.45)} ${f(R * 0.36)} 0 0Z" fill="${c}" ${OUTLINE} stroke-width="${f(scale)}"/><path d="M${f(R * 0.15)} ${f(-R * 0.08)}Q${f(R * 0.5)} ${f(-R * 0.22)} ${f(R * 0.9)} 0" stroke="${art.colors[3]}" stroke-width="${f(1.5 * scale)}" fill="none" opacity=".45"/>`;
        const seed =
          rand() < 0.5
            ? `<ellipse cx="${f(R * 0.5)}" cy="0" rx="${f(R * 0.17)}" ry="${f(R * 0.09)}" fill="${art.colors[3]}"/>`
            : `<path d="M${f(R * 0.2)} 0H${f(R * 0.85)}" stroke="${art.colors[2]}" stroke-width="${f(1.5 * scale)}"/>`;
        return at(0, 0, k * 45 + rand() * 8, arm + seed);
      }).join('');
      out.push(at(x, y, rand() * 45, `${arms}<circle r="${f(R * 0.12)}" fill="${art.colors[2]}"/>`));
    }
    return `<g>${out.join('')}</g>`;
  },
  /** Whole dried leaves with a pale midrib; `leafSize` sets their length. */
  leaves(rand, art, cx, cy, r, density, scale) {
    const out = [];
    const size = (art.leafSize ?? 1) * scale;
    const n = Math.round((650 / size ** 2) * density * area(r));
    for (let i = 0; i < n; i++) {
      const [x, y] = inCircle(rand, cx, cy, r);
      const L = (40 + rand() * 12) * size;
      const W = L * (0.34 + rand() * 0.08);
      const c = pick(rand, art.colors.slice(0, 3));
      const curl = (rand() - 0.5) * W * 0.6;
      out.push(
        at(
          x,
          y,
          rand() * 360,
          `<path d="M${f(-L)} 0C${f(-L * 0.5)} ${f(-W * 1.3 + curl)} ${f(L * 0.4)} ${f(-W * 1.3 + curl)} ${f(L)} 0C${f(L * 0.4)} ${f(W * 1.3 + curl)} ${f(-L * 0.5)} ${f(W * 1.3 + curl)} ${f(-L)} 0Z" fill="${c}" ${OUTLINE} stroke-width="${f(scale)}"/><path d="M${f(-L * 1.15)} 0Q0 ${f(curl * 0.4)} ${f(L * 0.95)} 0" stroke="${art.colors[3]}" stroke-width="${f(1.6 * size)}" fill="none" opacity=".75"/>`,
        ),
      );
    }
    return `<g>${out.join('')}</g>`;
  },
};

/** The spice's pieces in a circle, plus its flecks (other spices of a blend, sesame...). */
function paint(rand, art, cx, cy, r, density = 1, scale = 1) {
  const s = scale * (art.pieceScale ?? 1);
  const flecks = (art.flecks ?? []).flatMap((c) =>
    Array.from({ length: Math.round(170 * density * area(r)) }, () => {
      const [x, y] = inCircle(rand, cx, cy, r);
      const rx = (2 + rand() * 2.5) * s;
      return at(x, y, rand() * 180, `<ellipse rx="${f(rx)}" ry="${f(rx * 0.6)}" fill="${c}"/>`);
    }),
  );
  return PAINTERS[art.form](rand, art, cx, cy, r, density, s) + flecks.join('');
}

/**
 * A heap of the spice: a shaded disc given a matte, grainy relief by lit noise (fine for
 * powders, coarse under whole spices), the painted pieces on top, then darker edges.
 */
function mound(rand, art, cx, cy, r, id) {
  const [, main, dark, light] = art.colors;
  const grain = art.form === 'powder' ? 0.35 : 0.05;
  return `
  <defs>
    <radialGradient id="mound-${id}" cx="42%" cy="38%" r="65%">
      <stop offset="0" stop-color="${light}"/>
      <stop offset=".45" stop-color="${main}"/>
      <stop offset="1" stop-color="${dark}"/>
    </radialGradient>
    <radialGradient id="mshade-${id}" cx="42%" cy="38%" r="62%">
      <stop offset=".45" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".55"/>
    </radialGradient>
    <filter color-interpolation-filters="sRGB" id="relief-${id}" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${grain}" numOctaves="4" seed="${Math.floor(rand() * 100)}" result="noise"/>
      <feDiffuseLighting in="noise" surfaceScale="${art.form === 'powder' ? 2.2 : 3}" diffuseConstant="1.15" lighting-color="#fff" result="lit">
        <feDistantLight azimuth="235" elevation="52"/>
      </feDiffuseLighting>
      <feComposite in="lit" in2="SourceGraphic" operator="arithmetic" k1="1.15" result="shaded"/>
      <feComposite in="shaded" in2="SourceAlpha" operator="in"/>
    </filter>
  </defs>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#mound-${id})" filter="url(#relief-${id})"/>
  ${paint(rand, art, cx, cy, r * 0.98, art.density ?? 1)}
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#mshade-${id})"/>`;
}

function hexToUnit(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round((v / 255) * 1000) / 1000);
}

/**
 * The packshot: the tin on a warm table with a few pieces of the spice before it. Every pack's
 * tin stands in the same scene (seeded per slug); only the weight on its label differs.
 */
function packshot(slug, product, pack, art) {
  const rand = rng(`${slug}-pack`);
  const tin = TIN[product.variety];
  if (!tin) throw new Error(`${slug}: unknown variety "${product.variety}"`);
  const [, main, , light] = art.colors;
  const L = 370;
  const R = 830;
  const W = R - L;
  const cx = 600;
  const ry = 38;
  const lidTop = 250;
  const lidBottom = 330;
  const bodyBottom = 930;
  const labelTop = 430;
  const labelBottom = 840;
  const lines = titleLines(product.title);
  const origin = originShort(product.origin);
  const titleSize = lines.length === 1 ? 70 : 60;
  const titleY = lines.length === 1 ? 640 : 610;
  // Pieces lying on the table, squashed vertically as the table recedes.
  const strewn = [
    [250, 1040, 150, 0.12],
    [960, 1080, 120, 0.1],
  ]
    .map(
      ([x, y, r, density]) =>
        `<g transform="translate(0 ${y}) scale(1 .42) translate(0 ${-y})">${paint(rand, art, x, y, r, density, 0.9)}</g>`,
    )
    .join('');
  const cyl = (top, bottom, l, r) =>
    `M${l} ${top}A${(r - l) / 2} ${ry} 0 0 0 ${r} ${top}V${bottom}A${(r - l) / 2} ${ry} 0 0 1 ${l} ${bottom}Z`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="34%" r="80%">
      <stop offset="0" stop-color="#fbf4e8"/>
      <stop offset=".6" stop-color="#efe2cc"/>
      <stop offset="1" stop-color="#d9c6a6"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e3d2b5"/>
      <stop offset="1" stop-color="#cdb692"/>
    </linearGradient>
    <linearGradient id="glow" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${light}" stop-opacity=".22"/>
      <stop offset="1" stop-color="${light}" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="cyl" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity=".5"/>
      <stop offset=".12" stop-color="#000" stop-opacity=".18"/>
      <stop offset=".3" stop-color="#fff" stop-opacity=".16"/>
      <stop offset=".42" stop-color="#fff" stop-opacity=".02"/>
      <stop offset=".78" stop-color="#000" stop-opacity=".12"/>
      <stop offset="1" stop-color="#000" stop-opacity=".55"/>
    </linearGradient>
    <linearGradient id="brass" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#6e5527"/>
      <stop offset=".25" stop-color="#e2c57f"/>
      <stop offset=".38" stop-color="#f6e2a8"/>
      <stop offset=".6" stop-color="#b99650"/>
      <stop offset="1" stop-color="#5e4720"/>
    </linearGradient>
    <linearGradient id="brassTop" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f3dfa3"/>
      <stop offset="1" stop-color="#a8853f"/>
    </linearGradient>
    <filter id="blur30"><feGaussianBlur stdDeviation="30"/></filter>
    <filter id="blur8"><feGaussianBlur stdDeviation="8"/></filter>
    <filter color-interpolation-filters="sRGB" id="paper" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency=".8" numOctaves="2" seed="2"/>
      <feColorMatrix values="0 0 0 0 .45 0 0 0 0 .35 0 0 0 0 .25 0 0 0 .5 -.2"/>
      <feComposite in2="SourceGraphic" operator="in"/>
    </filter>
    <clipPath id="label"><path d="${cyl(labelTop, labelBottom, L + 2, R - 2)}"/></clipPath>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  <rect width="${SIZE}" height="700" fill="url(#glow)"/>
  <rect y="900" width="${SIZE}" height="300" fill="url(#table)"/>
  <rect y="900" width="${SIZE}" height="300" fill="#fff" filter="url(#paper)" opacity=".5"/>
  <ellipse cx="${cx + 40}" cy="${bodyBottom + 8}" rx="${W / 2 + 70}" ry="52" fill="#3b2a1c" opacity=".45" filter="url(#blur30)"/>
  <ellipse cx="${cx}" cy="${bodyBottom + 4}" rx="${W / 2 + 4}" ry="${ry + 4}" fill="#2a1d14" opacity=".55" filter="url(#blur8)"/>

  <path d="${cyl(lidBottom - 6, bodyBottom, L + 3, R - 3)}" fill="${tin.body}"/>
  <path d="${cyl(lidBottom - 6, bodyBottom, L + 3, R - 3)}" fill="url(#cyl)"/>

  <g clip-path="url(#label)">
    <rect x="${L}" y="${labelTop - ry}" width="${W}" height="${labelBottom - labelTop + 2 * ry}" fill="#f5ecdc"/>
    <rect x="${L}" y="${labelTop - ry}" width="${W}" height="${labelBottom - labelTop + 2 * ry}" fill="#fff" filter="url(#paper)" opacity=".6"/>
    <path d="${cyl(labelTop, labelTop + 26, L, R)}" fill="${main}"/>
    <path d="${cyl(labelBottom - 26, labelBottom, L, R)}" fill="${tin.body}"/>
  </g>
  <g text-anchor="middle" fill="#2a1f18">
    <text x="${cx}" y="515" font-family="Inter" font-weight="600" font-size="19" letter-spacing="6" fill="${tin.body}">SAFFRON &amp; STONE</text>
    <path d="M${cx - 110} 538H${cx - 24}M${cx + 24} 538H${cx + 110}" stroke="${tin.body}" stroke-width="1.5" opacity=".6"/>
    <path d="M${cx} 528l8 10-8 10-8-10z" fill="${main}"/>
    ${lines
      .map(
        (line, i) =>
          `<text x="${cx}" y="${titleY + i * (titleSize + 4)}" font-family="EB Garamond" font-weight="500" font-size="${titleSize}">${esc(line)}</text>`,
      )
      .join('')}
    <text x="${cx}" y="${lines.length === 1 ? 692 : 722}" font-family="EB Garamond" font-style="italic" font-size="${originSize(origin)}" fill="#5a4c41">${esc(origin)}</text>
    <text x="${cx}" y="772" font-family="Inter" font-weight="600" font-size="17" letter-spacing="4" fill="${tin.body}">${esc(product.variety.toUpperCase())} · NET WT ${esc(pack.toUpperCase())}</text>
  </g>
  <path d="${cyl(labelTop, labelBottom, L + 2, R - 2)}" fill="url(#cyl)" opacity=".85"/>

  <path d="${cyl(lidTop, lidBottom, L, R)}" fill="url(#brass)"/>
  <ellipse cx="${cx}" cy="${lidTop}" rx="${W / 2}" ry="${ry}" fill="url(#brassTop)"/>
  <ellipse cx="${cx}" cy="${lidTop}" rx="${W / 2 - 22}" ry="${ry - 9}" fill="none" stroke="#8a6a2e" stroke-width="2" opacity=".6"/>
  <path d="M${L} ${lidBottom}A${W / 2} ${ry} 0 0 0 ${R} ${lidBottom}" fill="none" stroke="#3d2d14" stroke-width="3" opacity=".5"/>
  <text x="${cx}" y="${lidTop + 7}" text-anchor="middle" font-family="EB Garamond" font-style="italic" font-size="26" fill="#7a5c24" opacity=".8">S&amp;S</text>

  ${strewn}
  <rect width="${SIZE}" height="${SIZE}" fill="#fff" filter="url(#paper)" opacity=".12"/>
</svg>`;
}

/**
 * The origin line's font size: 24, smaller for a long line (a blend's "Blended in San Francisco…")
 * so it stays within the label's 400 px face (EB Garamond italic is about 0.385 em a letter).
 */
const originSize = (text) => Math.min(24, Math.floor(400 / (0.385 * text.length)));

/** "Pampore, Kashmir, India" reads as "Pampore, Kashmir" on the small label line. */
function originShort(origin) {
  const parts = origin.split(',').map((s) => s.trim());
  return parts.length > 2 ? parts.slice(0, 2).join(', ') : origin;
}

/**
 * The still life: a ceramic bowl of the spice on a textured table, seen from above. A recipe's
 * dish gives its spices as `garnish`: the first fills the spoon, and all are scattered over the
 * dish and the table where a product's own pieces lie.
 */
function stillLife(slug, art, garnish = []) {
  const rand = rng(`${slug}-still`);
  const surface = SURFACES[art.surface];
  const bowl = BOWLS[art.bowl ?? 'cream'];
  const bx = 560;
  const by = 620;
  const rim = 360;
  const inner = 318;
  const spoon = { x: 985, y: 250 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <filter color-interpolation-filters="sRGB" id="surface" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${surface.freq}" numOctaves="4" seed="${surface.seed}"/>
      <feColorMatrix values="0 0 0 0 ${hexToUnit(surface.grain).join(' 0 0 0 0 ')} 0 0 0 1.6 -.3"/>
      <feComposite in2="SourceGraphic" operator="in"/>
    </filter>
    <radialGradient id="light" cx="30%" cy="25%" r="90%">
      <stop offset="0" stop-color="#fff4dc" stop-opacity=".28"/>
      <stop offset=".5" stop-color="#fff4dc" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity=".5"/>
    </radialGradient>
    <radialGradient id="bowl" cx="38%" cy="32%" r="75%">
      <stop offset="0" stop-color="${bowl.glaze[0]}"/>
      <stop offset=".7" stop-color="${bowl.glaze[1]}"/>
      <stop offset="1" stop-color="${bowl.glaze[2]}"/>
    </radialGradient>
    <radialGradient id="well" cx="60%" cy="65%" r="60%">
      <stop offset=".75" stop-color="${bowl.well[0]}"/>
      <stop offset="1" stop-color="${bowl.well[1]}"/>
    </radialGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#c89a62"/>
      <stop offset="1" stop-color="#8a5f33"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="22"/></filter>
    <filter id="soft6"><feGaussianBlur stdDeviation="6"/></filter>
    <clipPath id="inner"><circle cx="${bx}" cy="${by}" r="${inner - 6}"/></clipPath>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="${surface.base}"/>
  <rect width="${SIZE}" height="${SIZE}" fill="#fff" filter="url(#surface)"/>

  <circle cx="${bx + 40}" cy="${by + 55}" r="${rim + 10}" fill="#140c06" opacity=".55" filter="url(#soft)"/>
  <circle cx="${bx}" cy="${by}" r="${rim}" fill="url(#bowl)"/>
  <circle cx="${bx}" cy="${by}" r="${inner}" fill="url(#well)"/>
  <g clip-path="url(#inner)">${mound(rand, art, bx, by, inner - 18, 'bowl')}</g>
  <circle cx="${bx}" cy="${by}" r="${inner}" fill="none" stroke="#000" stroke-width="4" opacity=".2"/>
  <path d="M${bx - rim * 0.8} ${by - rim * 0.45}A${rim} ${rim} 0 0 1 ${bx - rim * 0.1} ${by - rim * 0.98}" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round" opacity=".55"/>

  <g transform="rotate(-38 ${spoon.x} ${spoon.y})">
    <rect x="${spoon.x - 12}" y="${spoon.y + 60}" width="24" height="300" rx="12" fill="#160d07" opacity=".45" filter="url(#soft6)" transform="translate(14 18)"/>
    <ellipse cx="${spoon.x + 14}" cy="${spoon.y + 18}" rx="78" ry="100" fill="#160d07" opacity=".45" filter="url(#soft6)"/>
    <rect x="${spoon.x - 12}" y="${spoon.y + 60}" width="24" height="300" rx="12" fill="url(#wood)"/>
    <ellipse cx="${spoon.x}" cy="${spoon.y}" rx="74" ry="96" fill="url(#wood)"/>
    <ellipse cx="${spoon.x}" cy="${spoon.y}" rx="60" ry="80" fill="#7a5230"/>
    <clipPath id="spoonWell"><ellipse cx="${spoon.x}" cy="${spoon.y}" rx="58" ry="78"/></clipPath>
    <g clip-path="url(#spoonWell)">${mound(rand, garnish[0] ?? art, spoon.x, spoon.y, 78, 'spoon')}</g>
  </g>

  ${garnish.map((spice) => `<g clip-path="url(#inner)">${paint(rand, spice, bx, by, inner * 0.55, 0.08)}</g>`).join('')}
  ${(garnish.length ? garnish : [art]).map((spice) => paint(rand, spice, 220, 1080, 130, 0.3 / Math.max(1, garnish.length - 1))).join('')}
  ${(garnish.length ? garnish : [art]).map((spice) => paint(rand, spice, 1090, 760, 90, 0.25 / Math.max(1, garnish.length - 1))).join('')}
  <rect width="${SIZE}" height="${SIZE}" fill="url(#light)"/>
</svg>`;
}

/** JPEG at quality 80, stepping down for busy textures so no image passes MAX_BYTES. */
const MAX_BYTES = 150_000;
async function render(svg, file) {
  const raster = await sharp(Buffer.from(svg)).png().toBuffer();
  let jpeg;
  for (const quality of [80, 74, 68, 62]) {
    jpeg = await sharp(raster).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_BYTES) break;
  }
  await writeFile(file, jpeg);
}

/** A recipe's picture file and the ids of its spices, read from its front matter. */
async function readRecipe(id) {
  const text = await readFile(path.join(ROOT, 'src/content/recipes', `${id}.md`), 'utf8');
  const front = text.split(/^---$/m)[1] ?? '';
  const src = front.match(/^picture:\n\s+src:\s*(.+)$/m)?.[1]?.trim();
  if (!src) throw new Error(`${id}: no picture src in its front matter`);
  const spices = [...front.matchAll(/^\s+- product:\s*(.+)$/gm)].map((match) => match[1].trim());
  return { file: path.join(ROOT, 'src/content/recipes', src), spices };
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--recipes') {
  for (const id of rest.length ? rest : Object.keys(DISHES)) {
    const dish = DISHES[id];
    if (!dish) throw new Error(`No DISHES entry for "${id}" in scripts/generate-product-art.mjs`);
    const { file, spices } = await readRecipe(id);
    await mkdir(path.dirname(file), { recursive: true });
    const garnish = spices.flatMap((spice) => ART[spice] ?? []);
    await render(stillLife(id, dish, garnish), file);
    console.log(`${id}: done`);
  }
  process.exit(0);
}

const slugs = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(ART);
for (const slug of slugs) {
  const art = ART[slug];
  if (!art) throw new Error(`No ART entry for "${slug}" in scripts/generate-product-art.mjs`);
  const product = await readProduct(slug);
  const folder = path.join(OUT, slug);
  await mkdir(folder, { recursive: true });
  if (product.tins.length === 0) throw new Error(`${slug}: no image in its front matter names a pack`);
  for (const tin of product.tins) {
    await render(packshot(slug, product, tin.pack, art), path.join(CONTENT, tin.src));
  }
  await render(stillLife(slug, art), path.join(folder, `${slug}-2.jpg`));
  console.log(`${slug}: done`);
}
