// `npm run merchants`: who may open the back office (/admin), in the database DATABASE_URL or
// DATA_DIR points at (as the server does), beside the phones MERCHANT_PHONES lists.
//   npm run merchants [-- list]        the merchants, by the command and by MERCHANT_PHONES
//   npm run merchants -- add PHONE     make the account of PHONE a merchant
//   npm run merchants -- remove PHONE  no longer a merchant (MERCHANT_PHONES is the setting's own)
//   npm run merchants -- log [N]       the N (default 20) latest merchant actions, newest first
import { merchantPhonesFromEnv } from '#src/server/admin/merchants.ts';
import { maskPhone, normalisePhone } from '#src/server/identity/phone.ts';
import { answerHelp, countToList, fail, merchantStore } from './merchantCommand.ts';
import { terminalSafe as safe } from './terminalText.ts';

const USAGE = `Usage:
  npm run merchants [-- list]        the merchants: added here, and listed in MERCHANT_PHONES
  npm run merchants -- add PHONE     make the account of PHONE a merchant (it signs in as before)
  npm run merchants -- remove PHONE  stop PHONE being a merchant
  npm run merchants -- log [N]       the N latest merchant actions (default 20)`;

answerHelp(USAGE);
const [command = 'list', value, ...extra] = process.argv.slice(2);
const store = merchantStore();
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
try {
  if (extra.length > 0) fail(`Too many arguments.\n${USAGE}`, 2);
  else if (command === 'list' && value === undefined) {
    const added = await store.merchantPhones();
    const listed = merchantPhonesFromEnv();
    console.log(`Merchants (${store.kind}):\n`);
    for (const phone of added) console.log(`${maskPhone(phone)}  added with npm run merchants`);
    for (const phone of listed) console.log(`${maskPhone(phone)}  in MERCHANT_PHONES`);
    if (added.length + listed.length === 0) console.log('None yet: npm run merchants -- add PHONE');
  } else if ((command === 'add' || command === 'remove') && value !== undefined) {
    const phone = normalisePhone(value);
    if (!phone.ok) fail(`"${safe(value)}" is not a phone: ${phone.message}`, 2);
    else if (command === 'add') {
      const added = await store.addMerchant(phone.phone);
      console.log(
        `${maskPhone(phone.phone)} ${added ? 'is now a merchant' : 'was a merchant already'}: it opens /admin once signed in.`,
      );
    } else if (await store.removeMerchant(phone.phone)) {
      const still = merchantPhonesFromEnv().includes(phone.phone) ? ' (MERCHANT_PHONES still lists it)' : '';
      console.log(`${maskPhone(phone.phone)} is no longer a merchant${still}.`);
    } else fail(`${maskPhone(phone.phone)} was not added with this command.`);
  } else if (command === 'log') {
    const count = countToList(value, 'actions', 'merchants -- log');
    if (typeof count === 'string') fail(count, 2);
    else {
      const actions = await store.merchantActions({ limit: count });
      console.log(`Merchant actions (${store.kind}, newest first):\n`);
      for (const action of actions) {
        console.log(
          `${when(action.at)}  ${safe(action.actor).padEnd(24)}  ${safe(action.action).padEnd(16)}  ${safe(action.target)}  ${safe(action.before)} -> ${safe(action.after)}`,
        );
      }
      if (actions.length === 0) console.log('None yet.');
    }
  } else fail(`Unknown command "${safe([command, value].filter(Boolean).join(' '))}".\n${USAGE}`, 2);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await store.close();
}
