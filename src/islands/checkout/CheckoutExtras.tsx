import { signInPath } from '#src/lib/returnPath.ts';
import TextField from '#src/islands/account/TextField.tsx';
import DiscountCodeField from './DiscountCodeField.tsx';
import GiftNote from './GiftNote.tsx';

interface Props {
  gift: boolean;
  giftNote: string;
  onGift: (gift: boolean) => void;
  onGiftNote: (note: string) => void;
  /** The shopper has no email on their profile: the receipt's is asked for. */
  askEmail: boolean;
  receiptEmail: string;
  onReceiptEmail: (email: string) => void;
}

/** What checkout asks before Place Order: a discount code, whether it is a gift, the receipt's email. */
export default function CheckoutExtras(props: Props) {
  const { gift, giftNote, onGift, onGiftNote, askEmail, receiptEmail, onReceiptEmail } = props;
  return (
    <>
      <DiscountCodeField onSignedOut={() => location.replace(signInPath('/checkout'))} />
      <GiftNote gift={gift} note={giftNote} onGift={onGift} onNote={onGiftNote} />
      {askEmail && (
        <div className="mt-5">
          <TextField
            label="Email for your receipt (optional)"
            type="email"
            autoComplete="email"
            value={receiptEmail}
            onChange={onReceiptEmail}
            hint="Saved to your profile; once confirmed by the link we email, order news goes there."
          />
        </div>
      )}
    </>
  );
}
