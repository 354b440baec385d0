import { useState, type ChangeEvent } from 'react';
import { toast } from '#src/islands/toast/toast.ts';
import { CameraIcon } from '#src/islands/common/icons.tsx';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import { MAX_AVATAR_BYTES, scaleAvatar } from './scaleAvatar.ts';

const REFUSALS = {
  'not-image': ['That file is not an image', 'Choose a photo such as a JPG, PNG or WebP file.'],
  'too-large': ['That image is too large', `Choose a picture under ${MAX_AVATAR_BYTES / 1024 / 1024} MB.`],
  unreadable: ['That image could not be read', 'The file may be damaged. Try another picture.'],
} as const;

interface Props {
  picture: string;
  name: string;
  onPicked: (dataUrl: string) => void;
}

/** The avatar with its upload button; a refused file leaves the current picture as it was. */
export default function AvatarPicker({ picture, name, onPicked }: Props) {
  const [busy, setBusy] = useState(false);
  const initial = (name.trim().charAt(0) || 'U').toUpperCase();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    const result = await scaleAvatar(file);
    setBusy(false);
    input.value = '';
    if (result.ok) {
      onPicked(result.dataUrl);
    } else {
      const [title, description] = REFUSALS[result.reason];
      toast.error(title, { description });
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
      <div className="relative">
        {picture ? (
          <img
            src={picture}
            alt="Your profile picture"
            className="ring-paper size-28 rounded-full object-cover shadow-md ring-4"
          />
        ) : (
          <span
            role="img"
            aria-label="Your profile picture"
            className="bg-saffron ring-paper font-display grid size-28 place-items-center rounded-full text-5xl text-white shadow-md ring-4"
          >
            {initial}
          </span>
        )}
        {busy && (
          <span className="bg-ink/55 absolute inset-0 grid place-items-center rounded-full text-xs font-semibold text-white">
            Processing…
          </span>
        )}
      </div>
      <div className="text-center sm:text-left">
        <label className="btn-outline has-focus-visible:outline-saffron min-h-10 cursor-pointer px-5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-aria-disabled:cursor-not-allowed has-aria-disabled:opacity-50">
          <CameraIcon className="size-4" />
          {picture ? 'Change photo' : 'Upload photo'}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            {...unavailableWhile(busy)}
            onChange={(event) => void pick(event)}
          />
        </label>
        <p className="text-ink-soft mt-2 text-xs">JPG or PNG, shown in a circle.</p>
      </div>
    </div>
  );
}
