import { maskPhone, normalisePhone } from '#src/server/identity/phone.ts';
import type { SignedIn } from '#src/server/identity/index.ts';
import type { MerchantActor, Store } from '#src/server/store/types.ts';

/**
 * `MERCHANT_PHONES`: phones (comma-separated, written any way a phone is) whose accounts are
 * merchants, beside those made merchants with `npm run merchants -- add`. One that is not a phone
 * throws, naming it, so that the server stops at start.
 */
export function merchantPhonesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env['MERCHANT_PHONES'] ?? '')
    .split(',')
    .map((phone) => phone.trim())
    .filter(Boolean)
    .map((phone) => {
      const normalised = normalisePhone(phone);
      if (!normalised.ok)
        throw new Error(`MERCHANT_PHONES lists "${phone}", which is not a phone: ${normalised.message}`);
      return normalised.phone;
    });
}

/** Whether the account of `phone` (E.164) is a merchant: listed in the settings, or added by command. */
async function isMerchant(
  store: Store,
  phone: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  return merchantPhonesFromEnv(env).includes(phone) || (await store.merchantPhones()).includes(phone);
}

/** Who a request is to the back office: nobody signed in, a shopper, or a merchant. */
export type Admission =
  | { kind: 'signed-out' }
  | { kind: 'shopper'; signedIn: SignedIn }
  | { kind: 'merchant'; signedIn: SignedIn; actor: MerchantActor };

/** Reads the request's session and the role of its account, on the server. */
export async function admit(locals: App.Locals): Promise<Admission> {
  const signedIn = await locals.session();
  if (!signedIn) return { kind: 'signed-out' };
  if (!(await isMerchant(locals.store, signedIn.account.phone))) return { kind: 'shopper', signedIn };
  const { id, name, phone } = signedIn.account;
  // Named on the order's timeline by name and the phone's last digits, never the whole phone.
  const actor = {
    accountId: id,
    name: `${name.trim() || 'Merchant'} (${maskPhone(phone).replace(/•+/, '…')})`,
  };
  return { kind: 'merchant', signedIn, actor };
}
