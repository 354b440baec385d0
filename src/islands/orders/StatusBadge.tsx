/** The spec's badge variants: delivered solid (default), shipped soft (secondary), else outline. */
const VARIANTS: Record<string, string> = {
  delivered: 'bg-cardamom text-white border-cardamom',
  shipped: 'bg-turmeric/30 text-ink border-transparent',
};
const OUTLINE = 'bg-transparent text-ink border-ink/35';

export default function StatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return (
    <span
      data-variant={key in VARIANTS ? key : 'outline'}
      className={`inline-flex items-center rounded-full border px-3 py-1 text-xs font-semibold capitalize ${VARIANTS[key] ?? OUTLINE}`}
    >
      {status || 'processing'}
    </span>
  );
}
