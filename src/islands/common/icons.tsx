/** The islands' line icons (24 px grid, drawn with the text colour): decorative, so hidden. */
interface IconProps {
  className?: string;
}

function Icon({ className = 'size-5', d, pathClassName }: IconProps & { d: string; pathClassName?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} className={pathClassName} />
    </svg>
  );
}

export const MinusIcon = (p: IconProps) => <Icon {...p} d="M5 12h14" />;

export const PlusIcon = (p: IconProps) => <Icon {...p} d="M12 5v14M5 12h14" />;

export const CloseIcon = (p: IconProps) => <Icon {...p} d="M6 6l12 12M18 6L6 18" />;

export const ChevronIcon = (p: IconProps) => <Icon {...p} d="M6 9l6 6 6-6" />;

export const SearchIcon = (p: IconProps) => (
  <Icon {...p} d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4" />
);

export const TrashIcon = (p: IconProps) => (
  <Icon {...p} d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
);

export const BagIcon = (p: IconProps) => <Icon {...p} d="M6 8h12l-1 12H7L6 8ZM9 8V6a3 3 0 0 1 6 0v2" />;

/** The wishlist heart; it fills when the enclosing `group` button is pressed. */
export const HeartIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.9 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.5 3.4 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
    pathClassName="group-aria-pressed:fill-current"
  />
);

export const PinIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"
  />
);

export const CameraIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z"
  />
);

export const BoxIcon = (p: IconProps) => <Icon {...p} d="M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8" />;

export const TruckIcon = (p: IconProps) => (
  <Icon
    {...p}
    d="M3 6h11v10H3zM14 10h4l3 3v3h-7M7.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
  />
);

/** A filled star: stars up to a rating are drawn in one colour, the rest in another. */
export const StarIcon = (p: IconProps) => (
  <Icon
    {...p}
    pathClassName="fill-current"
    d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3z"
  />
);
