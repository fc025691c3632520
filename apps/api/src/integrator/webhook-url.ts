import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (SSRF): https only in production; plain http only to loopback outside
 * production (tests' local receivers). Every address the name resolves to must be global
 * unicast, judged by ipaddr.js's maintained range tables (private, loopback, link-local, CGNAT,
 * NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32, IPv4-compatible and -mapped, site-local
 * fec0::/10, ULA, multicast, documentation and reserved are all refused), when the endpoint is
 * registered and again before each delivery. The delivery then connects to the very address that
 * was checked (pinned: no second DNS lookup in between), so a name that changes its answer
 * (DNS rebinding) cannot slip a private address past the check.
 */

/** IPv6 global unicast is 2000::/3; ipaddr.js calls everything it has no special range for 'unicast'. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Whether requests may go to this address: global unicast only (an IPv4-mapped IPv6 address as its IPv4). */
export function isGlobalUnicast(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || address.match(GLOBAL_UNICAST_V6);
}

const isLoopback = (ip: string) => ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

export type UrlProblem = 'invalid' | 'scheme' | 'private' | 'unresolvable';

/** The addresses of a name (tests pass their own to play DNS). */
export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A checked webhook URL and the address that was checked, to connect to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Checks a webhook URL and resolves its host once: a target to POST to, or what is wrong. */
export async function resolveWebhookTarget(raw: string, production: boolean, resolve: Resolver = systemResolver): Promise<{ target: WebhookTarget } | { problem: UrlProblem }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid' };
  }
  if (url.username || url.password || url.hash) return { problem: 'invalid' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'scheme' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      return { problem: 'unresolvable' };
    }
  }
  if (addresses.length === 0) return { problem: 'unresolvable' };
  const loopbackOnly = addresses.every(isLoopback);
  if (url.protocol === 'http:' && (production || !loopbackOnly)) return { problem: 'scheme' };
  if (!(loopbackOnly && !production) && !addresses.every(isGlobalUnicast)) return { problem: 'private' };
  const address = addresses[0];
  return { target: { url, address, family: isIP(address) === 6 ? 6 : 4 } };
}

/** What is wrong with a webhook URL, or null when requests may go there. */
export async function webhookUrlProblem(raw: string, production: boolean, resolve?: Resolver): Promise<UrlProblem | null> {
  const checked = await resolveWebhookTarget(raw, production, resolve);
  return 'problem' in checked ? checked.problem : null;
}

/**
 * POSTs to the checked address of a target and resolves with the answer's status. The host name
 * still goes into the Host header and TLS (SNI and the certificate check); only the address
 * lookup is replaced. No connection reuse (a pooled socket would be another address's), no
 * redirects followed. Rejects when `signal` aborts before the answer.
 */
export function postToWebhook(target: WebhookTarget, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) (callback as (err: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(target.url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: pinned, agent: false, signal }, (res) => {
      // Only the status matters: the answer's body is not read.
      resolve(res.statusCode ?? 0);
      res.destroy();
    });
    req.on('error', reject);
    req.end(body);
  });
}
