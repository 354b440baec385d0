// `npm run stock`: the merchant's stock count, in the database DATABASE_URL or DATA_DIR points at
// (as the server does), checked against the built catalogue (dist/: what the server sells).
//   npm run stock                               every pack and its count
//   npm run stock -- set <product> <pack> <n>   count n of a pack
//   npm run stock -- add <product> <pack> <n>   n more (negative: fewer, never below 0)
import { countStock, MOST_STOCK } from '#src/server/admin/actions.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { BUILT_CATALOGUE, builtCatalogue } from '#src/server/catalogue/built.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import type { Store } from '#src/server/store/index.ts';
import { answerHelp, fail, merchantStore, noteLinksWithoutSite } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = `Usage:
  npm run stock                               every pack and its count
  npm run stock -- set <product> <pack> <n>   count n of a pack ("100 g" or 100g)
  npm run stock -- add <product> <pack> <n>   n more of a pack (negative: fewer, never below 0)`;

async function list(store: Store, catalogue: Catalogue): Promise<void> {
  const counts = new Map(
    (await store.stockLevels()).map((level) => [`${level.productId}\n${level.pack}`, level.count]),
  );
  console.log(`Stock (${store.kind}):\n`);
  for (const product of catalogue.values()) {
    for (const { label } of product.netQuantities) {
      const count = counts.get(`${product._id}\n${label}`);
      const shown =
        count !== undefined ? String(count) : `not counted (${product.inStock ? 'in stock' : 'sold out'})`;
      console.log(`${product._id.padEnd(28)} ${label.padEnd(8)} ${shown}`);
    }
  }
}

/** The amount of `set`/`add`, or what is wrong with the words. */
function stockAmount([command, id, pack, amount, ...extra]: string[]): number | string {
  if (id === undefined || pack === undefined || amount === undefined) return USAGE;
  if (extra.length > 0) return `Too many arguments (quote a pack with a space: "100 g").\n${USAGE}`;
  const whole = /^[+-]?\d{1,7}$/.test(amount) ? Number(amount) : NaN;
  if (command === 'set' && !(whole >= 0 && whole <= MOST_STOCK)) {
    return `"${safe(amount)}" is not a count: give a whole number from 0 to ${MOST_STOCK.toLocaleString('en-US')}.`;
  }
  if (command === 'add' && !(Math.abs(whole) <= MOST_STOCK)) {
    return `"${safe(amount)}" is not a number to add: give a whole number, negative to take away.`;
  }
  return whole;
}

answerHelp(USAGE);
const args = process.argv.slice(2);
const [command = 'list'] = args;
const catalogue = builtCatalogue();
const store = merchantStore();
try {
  if (!catalogue) {
    fail(`No built catalogue at ${BUILT_CATALOGUE}: run npm run build first (packs are checked against it).`);
  } else if (command === 'list' && args.length <= 1) {
    await list(store, catalogue);
  } else if (command === 'set' || command === 'add') {
    const amount = stockAmount(args);
    const [, productId = '', pack = ''] = args;
    if (typeof amount === 'string') fail(amount, 2);
    else {
      const done = await countStock(
        store,
        catalogue,
        { productId, pack, change: command, amount },
        COMMAND_LINE,
      );
      if (!done.ok) fail(safe(done.message), 2);
      else {
        console.log(done.message);
        if ((done.notified ?? 0) > 0) noteLinksWithoutSite();
      }
    }
  } else {
    fail(`Unknown command "${safe(args.join(' '))}".\n${USAGE}`, 2);
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await store.close();
}
