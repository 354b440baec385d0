import { useState } from 'react';

interface Props {
  src: string;
  /** Empty when the product's name is written beside the image. */
  alt: string;
  className: string;
}

/**
 * A stored line's image. Lines outlive catalogue changes, so a missing or moved image falls back
 * to a quiet tile instead of a broken-image icon.
 */
export default function ProductThumb({ src, alt, className }: Props) {
  const [failed, setFailed] = useState(src === '');
  if (failed) {
    return (
      <div aria-hidden="true" className={`${className} bg-cream text-saffron/60 grid place-items-center`}>
        <svg viewBox="0 0 24 24" className="size-1/3" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M12 3c3 4 6 6.5 6 10.5A6 6 0 0 1 6 13.5C6 9.5 9 7 12 3Z" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} bg-cream object-cover`}
    />
  );
}
