import { useState, useSyncExternalStore, type ChangeEvent, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { sendMessage, type ContactInput } from './sendMessage';

const EMPTY: ContactInput = { name: '', email: '', message: '' };
const noop = () => () => {};

/**
 * The contact form: posts to the API, says how it went in a toast (spec section 8), clears
 * itself once the message is stored and keeps what was typed otherwise. Until React has
 * hydrated, the button stays disabled, so a quick click cannot submit the form natively.
 */
export default function ContactForm() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [sending, setSending] = useState(false);
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.currentTarget;
    setValues((current) => ({ ...current, [name]: value }));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const outcome = await sendMessage(values);
    setSending(false);
    if (outcome.kind === 'sent') {
      toast.success('Message sent!', { description: "We'll get back to you as soon as possible." });
      setValues(EMPTY);
    } else if (outcome.kind === 'refused') {
      toast.error('Something went wrong!', { description: outcome.message ?? 'Please try again later.' });
    } else {
      toast.error('Error', { description: 'Unable to send message. Please check your connection.' });
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5" aria-busy={sending}>
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
            maxLength={100}
            autoComplete="name"
            value={values.name}
            onChange={change}
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
            value={values.email}
            onChange={change}
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
          maxLength={5000}
          rows={6}
          value={values.message}
          onChange={change}
        />
      </div>
      <button type="submit" className="btn-accent justify-self-start" disabled={sending || !hydrated}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
