import type { ComponentProps, ReactNode } from 'react';

/** One choice of a radio list drawn as a card (an address, a way to pay), outlined when chosen. */
export default function RadioCard({ children, ...input }: ComponentProps<'input'> & { children: ReactNode }) {
  return (
    <label className="border-line has-checked:border-saffron has-checked:bg-cream/70 has-focus-visible:outline-saffron flex cursor-pointer items-start gap-4 rounded-2xl border bg-white p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-disabled:cursor-wait has-disabled:opacity-60">
      <input
        type="radio"
        {...input}
        className="accent-saffron mt-1 size-4 shrink-0 focus-visible:outline-none"
      />
      {children}
    </label>
  );
}
