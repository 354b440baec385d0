// Test data more than one test file uses, in the shapes the shop itself defines.
import type { ProductView } from '#src/lib/productView.ts';
import type { RestockRequest } from '#src/server/store/types.ts';
import type { User } from '#src/stores/authState.ts';

/** A product as `GET /api/v1/product` answers it: the catalogue's view, its image URLs absolute. */
export type ApiProduct = ProductView;

/** A signed-in shopper, in the shape of the `user` key. */
export const SHOPPER: User = {
  id: '1730000000000',
  phone: '+1 415 555 0100',
  phoneDisplay: '(415) 555-0100',
  name: 'Asha Rao',
  email: 'asha@example.com',
  profilePicture: '',
};

/** What a shopper writes through the contact form (and `POST /api/v1/contact/create`). */
export const CONTACT_MESSAGE = {
  name: SHOPPER.name,
  email: SHOPPER.email,
  message: 'Is the saffron from this year’s harvest?',
};

/** A 1 g tin of saffron and a 100 g bag of pepper, as orders and stock name a pack. */
export const SAFFRON_TIN: RestockRequest = { productId: 'kashmiri-saffron', pack: '1 g' };
const PEPPER_BAG: RestockRequest = { productId: 'tellicherry-black-pepper', pack: '100 g' };
/** Order lines as a request to place an order carries them: two tins of saffron, one bag of pepper. */
export const SAFFRON_LINE = { ...SAFFRON_TIN, quantity: 2 };
export const PEPPER_LINE = { ...PEPPER_BAG, quantity: 1 };

/** A picture of one pixel, for lines and profiles whose picture the test does not load from the shop. */
export const PIXEL =
  'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 1 1%22%3E%3Crect width=%221%22 height=%221%22 fill=%22%233d5a3a%22/%3E%3C/svg%3E';
