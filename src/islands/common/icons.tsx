import {
  bag,
  box,
  camera,
  chevron,
  close,
  heart,
  minus,
  pin,
  plus,
  search,
  star,
  trash,
  truck,
} from '#src/lib/icons.ts';

/** The islands' line icons, from the shop's one set (src/lib/icons.ts): decorative, so hidden. */
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

export const MinusIcon = (p: IconProps) => <Icon {...p} d={minus} />;

export const PlusIcon = (p: IconProps) => <Icon {...p} d={plus} />;

export const CloseIcon = (p: IconProps) => <Icon {...p} d={close} />;

export const ChevronIcon = (p: IconProps) => <Icon {...p} d={chevron} />;

export const SearchIcon = (p: IconProps) => <Icon {...p} d={search} />;

export const TrashIcon = (p: IconProps) => <Icon {...p} d={trash} />;

export const BagIcon = (p: IconProps) => <Icon {...p} d={bag} />;

/** The wishlist heart; it fills when the enclosing `group` button is pressed. */
export const HeartIcon = (p: IconProps) => (
  <Icon {...p} d={heart} pathClassName="group-aria-pressed:fill-current" />
);

export const PinIcon = (p: IconProps) => <Icon {...p} d={pin} />;

export const CameraIcon = (p: IconProps) => <Icon {...p} d={camera} />;

export const BoxIcon = (p: IconProps) => <Icon {...p} d={box} />;

export const TruckIcon = (p: IconProps) => <Icon {...p} d={truck} />;

/** A filled star: stars up to a rating are drawn in one colour, the rest in another. */
export const StarIcon = (p: IconProps) => <Icon {...p} pathClassName="fill-current" d={star} />;
