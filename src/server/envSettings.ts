// Reading one setting from the environment. A setting that is set but cannot work throws, naming
// it and what to write, so that the server stops at start (`[server] cannot start: …`) instead of
// running on a default nobody chose.

/** A whole-number setting from `min` to `max`, or `fallback` when unset. */
export function wholeNumberSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min = 0,
  max = 2 ** 31 - 1,
): number {
  const value = env[name];
  if (!value) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}".`);
  }
  return parsed;
}

/**
 * An absolute URL setting whose scheme is one of `schemes` (`['http:', 'https:']`), or undefined
 * when unset. The message shows `example`, not the value: a URL may carry a password.
 */
export function urlSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  schemes: readonly string[],
  example: string,
): string | undefined {
  const value = env[name];
  if (!value) return undefined;
  if (!URL.canParse(value) || !schemes.includes(new URL(value).protocol)) {
    const allowed = schemes.map((scheme) => `${scheme}//`).join(' or ');
    throw new Error(`${name} must be an ${allowed} URL, such as ${example}.`);
  }
  return value;
}
