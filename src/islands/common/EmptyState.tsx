import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  text: string;
  action: { href: string; label: string };
}

/** The invitation a list page shows when it has nothing in it. */
export default function EmptyState({ icon, title, text, action }: Props) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center sm:px-12">
      <div
        aria-hidden="true"
        className="bg-cream text-saffron ring-cream/50 mb-6 grid size-20 place-items-center rounded-full ring-8"
      >
        {icon}
      </div>
      <h2 className="text-3xl">{title}</h2>
      <p className="text-ink-soft mt-3 max-w-sm">{text}</p>
      <a href={action.href} className="btn-primary mt-8">
        {action.label}
      </a>
    </div>
  );
}
