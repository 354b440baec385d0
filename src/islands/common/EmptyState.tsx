import type { ReactNode, Ref } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  action: { href: string; label: string };
  /** For a list that can empty while the shopper is on it: its heading takes the focus then. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The invitation a list page shows when it has nothing in it. */
export default function EmptyState({ icon, title, text, action, headingRef }: Props) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center sm:px-12">
      <div
        aria-hidden="true"
        className="bg-cream text-saffron ring-cream/50 mb-6 grid size-20 place-items-center rounded-full ring-8"
      >
        {icon}
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="text-3xl">
        {title}
      </h2>
      <p className="text-ink-soft mt-3 max-w-sm">{text}</p>
      {/* Wider than its words in any face, so the shop's typefaces replacing the stand-ins do not move it. */}
      <a href={action.href} className="btn-primary mt-8 min-w-48">
        {action.label}
      </a>
    </div>
  );
}
