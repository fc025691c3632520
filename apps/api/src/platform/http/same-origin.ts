/**
 * Whether a browser's `Origin` may act on this app: the address the request itself came to
 * (its Host, so a proxy or another port of this machine works without configuration), or one of
 * ALLOWED_ORIGINS. A page on any other site is refused, for REST changes and Socket.IO alike.
 */
export function isAllowedOrigin(origin: string, host: string | undefined, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // 'null' (sandboxed frames, file:) and garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (host !== undefined && url.host === host.toLowerCase()) return true;
  return allowed.includes(url.origin);
}
