/**
 * Where a user-given path (`next`, `returnTo`) may send the browser (issue 13 part 5, docs/decisions/032): only to a
 * path of this site. The path is resolved first, as the browser would resolve it (WHATWG URL: percent-encoded dots,
 * dot segments, backslashes, tabs and newlines), and only then checked, so `/x/..//evil.com` or `/%2e%2e//evil.com`,
 * which resolve to `//evil.com` (another host), are refused rather than passed through.
 */
const BASE = "http://earlybird.invalid";
const MAX_LENGTH = 2000;

/** The resolved same-origin `pathname + search` (hash dropped), or null when the value could leave the site. */
export function resolveSameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  // Only a path: no scheme, no host. Control characters (which the URL parser strips) are refused outright.
  if (!value.startsWith("/") || hasControlCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // A resolved path starting with two slashes (or a slash and an encoded one) would be read as `//host` once it is
  // sent back in a Location header.
  const decoded = safeDecode(url.pathname);
  if (decoded === null || /^[/\\]{2}/.test(decoded)) return null;
  return `${url.pathname}${url.search}`;
}

/** `resolveSameOriginPath(value)`, else `fallback`. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  return resolveSameOriginPath(value) ?? fallback;
}

const hasControlCharacter = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
