/** The largest request body the API reads (16 KiB); the adapter's own limit is set to it too. */
export const BODY_LIMIT_BYTES = 16 * 1024;
