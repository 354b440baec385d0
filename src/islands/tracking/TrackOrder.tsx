import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { $user } from '#src/stores/auth.ts';
import { lookUpOrder, type TrackingResult as Result } from '#src/stores/tracking.ts';
import { normaliseOrderId } from '#src/lib/orderId.ts';
import TrackForm from './TrackForm.tsx';
import TrackingResult from './TrackingResult.tsx';
import { fromStorage } from '#src/islands/common/fromStorage.tsx';

const UNREACHABLE = "We couldn't reach the shop to look this order up. Check your connection and try again.";

/**
 * `/track-order[/id]`: look an order up by id (and, for a visitor, the phone that placed it). A
 * signed-in shopper's id from the path is looked up at once; a visitor's waits for the phone,
 * and nothing is shown before a lookup has run.
 */
function TrackOrder({ initialId = '' }: { initialId?: string }) {
  const user = useStore($user);
  const signedIn = user !== null;
  const [orderId, setOrderId] = useState(initialId);
  const [phone, setPhone] = useState('');
  const [result, setResult] = useState<Result | 'unreachable' | null>(null);
  // A tracking link from a message carries its order's token: it shows the order to anyone.
  const [token] = useState(() => new URLSearchParams(location.search).get('t') ?? '');
  const lookUpAtOnce = Boolean(initialId) && (signedIn || token !== '');
  const [busy, setBusy] = useState(lookUpAtOnce);
  const phoneField = useRef<HTMLInputElement>(null);

  // Asked for a phone (the session had ended), the shopper is: the phone field appears once the
  // ended session's copy is gone, and takes the focus then.
  const [askPhone, setAskPhone] = useState(0);
  useEffect(() => {
    if (askPhone > 0) phoneField.current?.focus();
  }, [askPhone, user]);
  const showFound = (found: Awaited<ReturnType<typeof lookUpOrder>>) => {
    setResult(found === 'phone-needed' ? null : found);
    if (found === 'phone-needed') setAskPhone((asked) => asked + 1);
  };

  async function show(id: string, withPhone: string) {
    setBusy(true);
    showFound(await lookUpOrder(id, { phone: withPhone }));
    setBusy(false);
  }

  useEffect(() => {
    if (!initialId) return;
    if (!lookUpAtOnce) {
      phoneField.current?.focus();
      return;
    }
    let current = true;
    void lookUpOrder(initialId, { token }).then((found) => {
      // Done either way: a lookup that ended the session's copy is followed by the phone field.
      setBusy(false);
      if (current) showFound(found);
    });
    return () => {
      current = false;
    };
  }, [initialId, lookUpAtOnce, token]);

  function track(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = normaliseOrderId(orderId);
    if (!id) return;
    setOrderId(id);
    void show(id, phone);
    // The address bar then names the order, so the page can be bookmarked or shared.
    history.replaceState(null, '', `/track-order/${encodeURIComponent(id)}`);
  }

  return (
    <>
      <TrackForm
        orderId={orderId}
        onOrderId={setOrderId}
        visitor={!user}
        phone={phone}
        onPhone={setPhone}
        phoneField={phoneField}
        busy={busy}
        onSubmit={track}
      />
      {result === 'unreachable' && (
        <p role="alert" className="border-chili/30 bg-chili/5 text-chili mt-8 rounded-xl border px-5 py-4">
          {UNREACHABLE}
        </p>
      )}
      {result && result !== 'unreachable' && <TrackingResult result={result} />}
    </>
  );
}

export default fromStorage(TrackOrder);
