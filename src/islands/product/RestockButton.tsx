import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from '#src/islands/toast/toast.ts';
import {
  $restockRequests,
  loadRestockRequests,
  restockKey,
  toggleRestockRequest,
} from '#src/stores/restock.ts';
import { sendToSignIn } from '#src/islands/common/sendToSignIn.ts';

interface Props {
  productId: string;
  pack: string;
}

/**
 * "Tell me when it's back": one tap asks for a text, another cancels it. Shown only while the
 * chosen pack is sold out (`[data-purchase][data-sold-out]`, kept by LiveStock.astro).
 */
export default function RestockButton({ productId, pack }: Props) {
  const requests = useStore($restockRequests);
  const asked = requests.has(restockKey(productId, pack));
  useEffect(() => {
    void loadRestockRequests();
  }, []);

  const toggle = async () => {
    const result = await toggleRestockRequest(productId, pack);
    if (result.ok) toast.success(result.asked ? "We'll text you when it's back" : 'Request cancelled');
    else if (result.reason === 'signed-out') sendToSignIn(location.pathname);
    else toast.error(result.message);
  };

  return (
    <button
      type="button"
      className="btn-outline min-h-11 px-4 text-sm"
      aria-pressed={asked}
      onClick={() => void toggle()}
      data-restock
    >
      {asked ? "We'll text you when it's back · Cancel" : "Tell me when it's back"}
    </button>
  );
}
