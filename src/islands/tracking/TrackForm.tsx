import type { RefObject, SubmitEvent } from 'react';
import { SearchIcon } from '#src/islands/common/icons.tsx';

interface Props {
  orderId: string;
  onOrderId: (id: string) => void;
  /** A visitor is asked for the phone that placed the order; a signed-in shopper is not. */
  visitor: boolean;
  phone: string;
  onPhone: (phone: string) => void;
  phoneField: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
}

/** Track Order's form: the order id, and a visitor's phone. */
export default function TrackForm(props: Props) {
  const { orderId, onOrderId, visitor, phone, onPhone, phoneField, busy, onSubmit } = props;
  return (
    <form onSubmit={onSubmit} role="search" aria-label="Track an order" className="card p-5 sm:p-7">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="order-id" className="label">
            Order ID
          </label>
          <input
            id="order-id"
            name="orderId"
            className="field w-full"
            placeholder="ORD-12345"
            required
            autoComplete="off"
            spellCheck={false}
            value={orderId}
            onChange={(event) => onOrderId(event.target.value)}
          />
        </div>
        {visitor && (
          <div className="min-w-0 flex-1">
            <label htmlFor="order-phone" className="label">
              Phone number
            </label>
            <input
              id="order-phone"
              ref={phoneField}
              name="phone"
              type="tel"
              required
              className="field w-full"
              placeholder="Phone you ordered with"
              autoComplete="tel"
              value={phone}
              onChange={(event) => onPhone(event.target.value)}
            />
          </div>
        )}
        <button type="submit" className="btn-accent shrink-0 sm:h-[3.125rem]" aria-busy={busy}>
          <SearchIcon className="size-4" />
          Track Order
        </button>
      </div>
      <p className="text-ink-soft mt-2 text-xs">
        Your order id is on My Orders and starts with ORD-.
        {visitor && ' Signed out? Add the phone number you ordered with.'}
      </p>
    </form>
  );
}
