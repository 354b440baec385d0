import { useState, type SubmitEvent } from 'react';
import { trackOrder, type TrackingResult as Result } from '../../stores/orders';
import Icon from '../account/Icon';
import TrackingResult from './TrackingResult';

/** `/track-order[/id]`: look an order up by id; an id from the path is looked up at once. */
export default function TrackOrder({ initialId = '' }: { initialId?: string }) {
  const [orderId, setOrderId] = useState(initialId);
  const [result, setResult] = useState<Result | null>(() => (initialId ? trackOrder(initialId) : null));

  function track(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = orderId.trim();
    if (!id) return;
    setResult(trackOrder(id));
    // The address bar then names the order, so the page can be bookmarked or shared.
    history.replaceState(null, '', `/track-order/${encodeURIComponent(id)}`);
  }

  return (
    <>
      <form onSubmit={track} role="search" aria-label="Track an order" className="card p-5 sm:p-7">
        <label htmlFor="order-id" className="label">
          Order ID
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="order-id"
            name="orderId"
            className="field flex-1"
            placeholder="ORD-12345"
            required
            autoComplete="off"
            spellCheck={false}
            value={orderId}
            onChange={(event) => setOrderId(event.target.value)}
          />
          <button type="submit" className="btn-accent shrink-0">
            <Icon name="search" className="size-4" />
            Track Order
          </button>
        </div>
        <p className="text-ink-soft mt-2 text-xs">Your order id is on My Orders and starts with ORD-.</p>
      </form>
      {result && <TrackingResult result={result} />}
    </>
  );
}
