// `npm run discounts`: the shop's discount codes, in the database DATABASE_URL or DATA_DIR points
// at (as the server does). The back office (/admin/discounts) does the same.
import { parseArgs } from 'node:util';
import { addCode, codeState, describeCode, disableCode } from '#src/server/discounts/manage.ts';
import { COMMAND_LINE } from '#src/server/orders/fulfilment.ts';
import { answerHelp, fail, merchantStore } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = `Usage:
  npm run discounts [-- list]      every code, newest first, with its terms, uses and state
  npm run discounts -- add CODE (--percent N | --amount N) [--min N] [--starts DATE] [--ends DATE]
                                   [--uses N] [--per-account N]
                                   e.g. add SPRING10 --percent 10 --min 30 --ends 2027-03-31 --uses 100
  npm run discounts -- disable CODE  shoppers can no longer use it (orders placed with it keep it)
Amounts in dollars; DATE as 2027-01-31 (a code ends at the end of its --ends day, UTC).`;

answerHelp(USAGE);
const [command = 'list', ...words] = process.argv.slice(2);
const store = merchantStore();
try {
  if (command === 'list' && words.length === 0) {
    const codes = await store.discountCodes();
    console.log(`Discount codes (${store.kind}, newest first):\n`);
    for (const code of codes) {
      console.log(`${code.code.padEnd(16)}  ${codeState(code).padEnd(11)}  ${describeCode(code)}`);
    }
    if (codes.length === 0) console.log('None yet: npm run discounts -- add CODE --percent 10');
  } else if (command === 'add') {
    const { values, positionals } = parseArgs({
      args: words,
      allowPositionals: true,
      strict: true,
      options: Object.fromEntries(
        ['percent', 'amount', 'min', 'starts', 'ends', 'uses', 'per-account'].map((name) => [
          name,
          { type: 'string' as const },
        ]),
      ),
    });
    const [code, ...extra] = positionals;
    if (code === undefined || extra.length > 0) fail(`Name one code.\n${USAGE}`, 2);
    else {
      const added = await addCode(
        store,
        { ...values, perAccount: values['per-account'], code },
        COMMAND_LINE,
      );
      if (added.ok) console.log(added.message);
      else fail(added.message, 2);
    }
  } else if (command === 'disable' && words.length === 1) {
    const disabled = await disableCode(store, words[0] ?? '', COMMAND_LINE);
    if (disabled.ok) console.log(disabled.message);
    else fail(disabled.message);
  } else fail(`Unknown command "${safe([command, ...words].join(' '))}".\n${USAGE}`, 2);
} catch (error) {
  // parseArgs says which option it did not know; the database says why it failed.
  fail(error instanceof Error ? error.message : String(error), error instanceof TypeError ? 2 : 1);
} finally {
  await store.close();
}
