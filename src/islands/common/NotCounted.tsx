/** Under a summary's total, when lines sold out since they were added are left out of it. */
export default function NotCounted({ soldOut, className = '' }: { soldOut: number; className?: string }) {
  if (soldOut === 0) return null;
  return (
    <p className={`text-chili text-sm ${className}`}>
      {soldOut === 1 ? 'A sold-out item is' : `${soldOut} sold-out items are`} not counted in the total.
    </p>
  );
}
