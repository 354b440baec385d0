import { statusTone } from '#src/stores/orders.ts';

/** Looks of the badge variants: default solid, secondary soft, outline bordered. */
const TONES = {
  default: 'bg-cardamom text-white border-cardamom',
  secondary: 'bg-turmeric/30 text-ink border-transparent',
  outline: 'bg-transparent text-ink border-ink/35',
} as const;

export default function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full border px-3 py-1 text-xs font-semibold capitalize ${TONES[tone]}`}
    >
      {status.replace('_', ' ')}
    </span>
  );
}
