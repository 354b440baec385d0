import { MAX_PICTURE_CHARS } from '#src/lib/profilePicture.ts';

/** The largest request body the API reads (16 KiB). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** The profile's body holds a picture: its limit, and the adapter's for every request. */
export const PROFILE_BODY_LIMIT_BYTES = MAX_PICTURE_CHARS + BODY_LIMIT_BYTES;
