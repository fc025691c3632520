import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where webhooks may go (SSRF): https only in production; plain http only to loopback outside
 * production (tests' local receivers); never to private, link-local, shared, multicast or
 * reserved addresses, checked on every address the name resolves to, when the endpoint is
 * registered and again before each delivery (a name may change its address).
 */
const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(ip: string, [base, bits]: [string, number]): boolean {
  const mask = bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits);
  return (v4ToInt(ip) & mask) >>> 0 === (v4ToInt(base) & mask) >>> 0;
}

const isLoopback = (ip: string) => (isIP(ip) === 4 ? inV4Range(ip, ['127.0.0.0', 8]) : ip === '::1');

/** Whether an address is one a webhook must never reach (loopback included; the caller may allow it). */
export function isBlockedAddress(ip: string): boolean {
  // IPv4-mapped IPv6, dotted (::ffff:10.0.0.1) or as the URL parser writes it (::ffff:a00:1).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isBlockedAddress(mapped[1]);
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (mappedHex) {
    const [hi, lo] = [parseInt(mappedHex[1], 16), parseInt(mappedHex[2], 16)];
    return isBlockedAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (isIP(ip) === 4) return BLOCKED_V4.some((range) => inV4Range(ip, range));
  const lower = ip.toLowerCase();
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd]/.test(lower) || // unique local fc00::/7
    /^fe[89ab]/.test(lower) || // link-local fe80::/10
    lower.startsWith('ff') || // multicast
    lower.startsWith('2001:db8') // documentation
  );
}

export type UrlProblem = 'invalid' | 'scheme' | 'private' | 'unresolvable';

/** What is wrong with a webhook URL, or null when requests may go there. */
export async function webhookUrlProblem(raw: string, production: boolean): Promise<UrlProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password || url.hash) return 'invalid';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return 'unresolvable';
    }
  }
  const loopbackOnly = addresses.length > 0 && addresses.every(isLoopback);
  if (url.protocol === 'http:' && (production || !loopbackOnly)) return 'scheme';
  if (loopbackOnly && !production) return null;
  return addresses.some(isBlockedAddress) ? 'private' : null;
}
