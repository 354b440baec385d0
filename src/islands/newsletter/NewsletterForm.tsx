import { useState, type SubmitEvent } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';

const NEWSLETTER_API = '/api/v1/newsletter';

/** The server's refusal message when it sent one. */
async function reason(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The home page's newsletter sign-up: stores the address through the API, then thanks. The field
 * is uncontrolled, so what a shopper typed before the island hydrated is kept.
 */
export default function NewsletterForm() {
  const [sending, setSending] = useState(false);
  // Until React handles the form, the browser would send it as a page load, the address in the
  // page's URL: Subscribe waits, and so does Enter in the field (a form whose button is disabled
  // is not submitted implicitly).
  const hydrated = useHydrated();

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const entry = new FormData(form).get('email');
    const email = typeof entry === 'string' ? entry : '';
    setSending(true);
    try {
      const response = await fetch(NEWSLETTER_API, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email }),
      });
      if (response.ok) {
        toast.success('Subscribed!', { description: 'Thank you for subscribing to our newsletter.' });
        form.reset();
      } else {
        toast.error('Could not subscribe', {
          description: (await reason(response)) ?? 'Please try again later.',
        });
      }
    } catch {
      toast.error('Could not subscribe', { description: 'Please check your connection and try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex w-full flex-col gap-3 sm:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        className="field min-h-12 flex-1 rounded-full"
      />
      <button
        type="submit"
        className="btn-accent min-h-12"
        disabled={!hydrated}
        {...unavailableWhile(sending)}
      >
        {sending ? 'Subscribing...' : 'Subscribe'}
      </button>
    </form>
  );
}
