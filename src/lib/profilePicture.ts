/** The most a profile picture takes as stored: a data URL of at most 100 KB. */
export const MAX_PICTURE_CHARS = 100 * 1024;
