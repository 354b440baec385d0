// `npm run stock`: the merchant's stock count, in the database DATABASE_URL or DATA_DIR points at
// (as the server does), checked against the built catalogue (dist/: what the server sells).
//   npm run stock                               every pack and its count
//   npm run stock -- set <product> <pack> <n>   count n of a pack
//   npm run stock -- add <product> <pack> <n>   n more (negative: fewer, never below 0)
import { shopSite } from '#src/server/messages/orderMessages.ts';
import type { Store } from '#src/server/store/index.ts';
import {
  answerHelp,
  BUILT_CATALOGUE,
  builtCatalogue,
  fail,
  noteLinksWithoutSite,
  type BuiltProduct as Product,
} from './merchantCommand.ts';
import { merchantStore } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = `Usage:
  npm run stock                               every pack and its count
  npm run stock -- set <product> <pack> <n>   count n of a pack ("100 g" or 100g)
  npm run stock -- add <product> <pack> <n>   n more of a pack (negative: fewer, never below 0)`;

/** The largest count a pack may be given, or added to it at once. */
const MOST = 1_000_000;

/** A pack as the merchant types it: case and spaces do not matter ("100g" is "100 g"). */
const packName = (label: string) => label.replace(/\s+/g, '').toLowerCase();

async function list(store: Store, products: Product[]): Promise<void> {
  const counts = new Map(
    (await store.stockLevels()).map((level) => [`${level.productId}\n${level.pack}`, level.count]),
  );
  console.log(`Stock (${store.kind}):\n`);
  for (const product of products) {
    for (const { label } of product.netQuantities) {
      const count = counts.get(`${product._id}\n${label}`);
      const shown =
        count !== undefined ? String(count) : `not counted (${product.inStock ? 'in stock' : 'sold out'})`;
      console.log(`${product._id.padEnd(28)} ${label.padEnd(8)} ${shown}`);
    }
  }
}

/** The pack of `set`/`add`, its amount, or what is wrong with them. */
function stockChange(products: Product[], [command, id, pack, amount, ...extra]: string[]) {
  if (id === undefined || pack === undefined || amount === undefined) return USAGE;
  if (extra.length > 0) return `Too many arguments (quote a pack with a space: "100 g").\n${USAGE}`;
  const product = products.find((entry) => entry._id === id);
  if (!product) return `No product "${safe(id)}": see npm run stock for the product ids.`;
  const label = product.netQuantities.find((size) => packName(size.label) === packName(pack))?.label;
  if (!label) {
    const sizes = product.netQuantities.map((size) => size.label).join(', ');
    return `${product.title} comes in ${sizes}, not "${safe(pack)}".`;
  }
  const whole = /^[+-]?\d{1,7}$/.test(amount) ? Number(amount) : NaN;
  if (command === 'set' && !(whole >= 0 && whole <= MOST)) {
    return `"${safe(amount)}" is not a count: give a whole number from 0 to ${MOST.toLocaleString('en-US')}.`;
  }
  if (command === 'add' && !(Math.abs(whole) <= MOST)) {
    return `"${safe(amount)}" is not a number to add: give a whole number, negative to take away.`;
  }
  return { product, label, amount: whole };
}

answerHelp(USAGE);
const args = process.argv.slice(2);
const [command = 'list'] = args;
const products = builtCatalogue();
const store = merchantStore();
try {
  if (!products) {
    fail(`No built catalogue at ${BUILT_CATALOGUE}: run npm run build first (packs are checked against it).`);
  } else if (command === 'list' && args.length <= 1) {
    await list(store, products);
  } else if (command === 'set' || command === 'add') {
    const change = stockChange(products, args);
    if (typeof change === 'string') fail(change, 2);
    else {
      const { product, label, amount } = change;
      const link = new URL(`/products/${product._id}`, shopSite()).href;
      const notice = `Saffron & Stone: ${product.title} (${label}) is back in stock. ${link}`;
      const done = await store.changeStock(
        { productId: product._id, pack: label, change: command, amount },
        notice,
      );
      const texts =
        done.notified > 0
          ? `; ${done.notified} back-in-stock text${done.notified === 1 ? '' : 's'} queued`
          : '';
      console.log(`${product._id} ${label}: ${done.count} left${texts}.`);
      if (done.notified > 0) noteLinksWithoutSite();
    }
  } else {
    fail(`Unknown command "${safe(args.join(' '))}".\n${USAGE}`, 2);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await store.close();
}
