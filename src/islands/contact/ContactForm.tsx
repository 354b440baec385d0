import { useState, type SubmitEvent } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { useHydrated } from '#src/islands/common/useHydrated.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#src/lib/shapes/contact.ts';
import { sendMessage } from './sendMessage.ts';

/**
 * The contact form: posts to the API, says how it went in a toast, clears
 * itself once the message is stored and keeps what was typed otherwise. The fields are the
 * browser's own (uncontrolled), so nothing typed before hydration is lost; the button waits for
 * hydration, so an early click cannot submit the form natively (putting the message in the URL).
 */
export default function ContactForm() {
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    setSending(true);
    const outcome = await sendMessage({
      name: field('name'),
      email: field('email'),
      message: field('message'),
    });
    setSending(false);
    if (outcome.kind === 'sent') {
      toast.success('Message sent!', { description: "We'll get back to you as soon as possible." });
      form.reset();
    } else if (outcome.kind === 'refused') {
      toast.error('Something went wrong!', { description: outcome.message ?? 'Please try again later.' });
    } else {
      toast.error('Error', { description: 'Unable to send message. Please check your connection.' });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-5" aria-busy={sending}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="label">
            Name
          </label>
          <input
            id="contact-name"
            name="name"
            className="field"
            required
            maxLength={CONTACT_NAME_MAX}
            autoComplete="name"
          />
        </div>
        <div>
          <label htmlFor="contact-email" className="label">
            Email
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            className="field"
            required
            autoComplete="email"
          />
        </div>
      </div>
      <div>
        <label htmlFor="contact-message" className="label">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          className="field min-h-40 resize-y"
          required
          maxLength={CONTACT_MESSAGE_MAX}
          rows={6}
        />
      </div>
      <button
        type="submit"
        className="btn-accent justify-self-start"
        disabled={!hydrated}
        {...unavailableWhile(sending)}
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
