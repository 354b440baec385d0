import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $orderNews, saveProfile, type OrderNews } from '#src/stores/auth.ts';
import { toast } from '#src/islands/toast/toast.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

const CHANNELS: { key: keyof OrderNews; label: string; hint: string }[] = [
  { key: 'sms', label: 'Order news by text', hint: 'A text when an order is placed, shipped and delivered.' },
  {
    key: 'email',
    label: 'Order news by email',
    hint: 'The same by email, when your profile has one.',
  },
];

/** The two switches for order news; sign-in codes are always sent. */
export default function OrderNewsCard() {
  const news = useStore($orderNews);
  // The switch shows the shopper's choice at once, while the shop saves it.
  const [asked, setAsked] = useState<Partial<OrderNews>>({});
  const saving = Object.keys(asked).length > 0;
  // Each switch is named by its label alone and described by its hint, which a screen reader
  // reads after the name.
  const ids = useId();

  async function change(key: keyof OrderNews, on: boolean) {
    setAsked({ [key]: on });
    const result = await saveProfile({ orderNews: { [key]: on } });
    setAsked({});
    if (result.ok) toast.success(on ? 'Order news turned on' : 'Order news turned off');
    else toast.error('Failed to update profile', { description: result.message });
  }

  return (
    <section aria-labelledby="order-news-heading" className="card p-5 sm:p-7">
      <h2 id="order-news-heading" className="text-2xl">
        Order news
      </h2>
      <p className="text-ink-soft mt-2 text-sm">Sign-in codes are always sent by text.</p>
      <ul className="mt-5 grid gap-4">
        {CHANNELS.map(({ key, label, hint }) => (
          <li key={key}>
            <label className="flex cursor-pointer items-start justify-between gap-4">
              <span>
                <span id={`${ids}-${key}`} className="text-ink block font-medium">
                  {label}
                </span>
                <span id={`${ids}-${key}-hint`} className="text-ink-soft block text-sm">
                  {hint}
                </span>
              </span>
              <input
                type="checkbox"
                role="switch"
                aria-labelledby={`${ids}-${key}`}
                aria-describedby={`${ids}-${key}-hint`}
                className="switch mt-0.5 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
                checked={asked[key] ?? news?.[key] ?? true}
                {...unavailableWhile(news === null || saving)}
                aria-busy={asked[key] !== undefined}
                onChange={(event) => void change(key, event.target.checked)}
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
