import { toast } from '../toast/toast';

/** Told when a change was made but storage refused it: it lasts only until the page closes. */
export function warnNotSaved(): void {
  toast.error('Not saved on this device', {
    description: "Your browser's storage is full or blocked, so this change will be lost when you leave.",
  });
}
