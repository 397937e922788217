/**
 * SSRF guard for every outbound URL the service calls on a user's behalf:
 * webhook targets, workflow data sources and AI providers.
 *
 * A target URL is accepted only when it is http(s), carries no credentials, and
 * every address its host is or resolves to is public unicast — or lies inside a
 * network the operator opened (`OUTBOUND_ALLOWED_NETWORKS`, or its older name
 * `WEBHOOK_ALLOWED_NETWORKS`). Refused: loopback,
 * RFC 1918 private, link-local (169.254/16 with the cloud metadata service,
 * fe80::/10), CGNAT 100.64/10, unique-local fc00::/7, unspecified, multicast,
 * broadcast, documentation/benchmark/reserved ranges and anything else
 * ipaddr.js does not classify as `unicast`. IPv6 forms that embed an IPv4
 * address (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated, NAT64 64:ff9b::/96,
 * 6to4 2002::/16) are judged by the embedded IPv4 address; the deprecated
 * IPv4-compatible ::/96 and local-use NAT64 64:ff9b:1::/48 are refused outright.
 *
 * The allow-list is matched against the address exactly as resolved: opening
 * 127.0.0.0/8 opens 127.x.y.z, not ::1 and not ::ffff:127.0.0.1.
 *
 * Check at registration and again right before each delivery, and connect to
 * the returned addresses only (see pinnedLookup), so DNS cannot change the answer
 * between the check and the connection.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IP = ipaddr.IPv4 | ipaddr.IPv6;

/** Networks opened by the operator; build with {@link parseAllowedNetworks}. */
export interface AllowedNetworks {
  /** Normalized `address/prefix` strings, for logs and error messages. */
  readonly cidrs: readonly string[];
  readonly ranges: readonly (readonly [IP, number])[];
}

/** Nothing opened: only public unicast targets are accepted. */
export const NO_ALLOWED_NETWORKS: AllowedNetworks = Object.freeze({ cidrs: [], ranges: [] });

/** A malformed `WEBHOOK_ALLOWED_NETWORKS` entry; `entry` is the offending text. */
export class AllowedNetworksError extends Error {
  constructor(readonly entry: string, message: string) {
    super(message);
    this.name = 'AllowedNetworksError';
  }
}

/**
 * Parses a comma-separated CIDR list such as `127.0.0.0/8,::1/128` (whitespace
 * and empty entries ignored; `''`/undefined open nothing). Each entry must carry
 * an explicit prefix length. Throws {@link AllowedNetworksError} naming the first bad entry.
 */
export function parseAllowedNetworks(spec: string | undefined | null): AllowedNetworks {
  const cidrs: string[] = [];
  const ranges: (readonly [IP, number])[] = [];
  for (const raw of (spec ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (!entry.includes('/') || !ipaddr.isValidCIDR(entry)) {
      throw new AllowedNetworksError(entry, `"${entry}" is not a CIDR network (expected e.g. 127.0.0.0/8 or ::1/128)`);
    }
    const [address, prefix] = ipaddr.parseCIDR(entry);
    // kind() says which ipaddr class it is; ipaddr.js does not narrow on it.
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).zoneId) {
      throw new AllowedNetworksError(entry, `"${entry}" carries an IPv6 zone id, which is not supported`);
    }
    ranges.push([address, prefix]);
    cidrs.push(`${address.toString()}/${prefix}`);
  }
  return Object.freeze({ cidrs: Object.freeze(cidrs), ranges: Object.freeze(ranges) });
}

/** Why a target was refused. `dns_failed` may heal by itself; the others will not. */
export type OutboundTargetErrorCode =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials_in_url'
  | 'dns_failed'
  | 'forbidden_address';

/**
 * A refused outbound target. `code` is stable; `detail` is a sentence for
 * humans (safe to return in a 400, it names only what the caller sent and what
 * it resolved to); `address` is the offending IP for `forbidden_address`.
 */
export class OutboundTargetError extends Error {
  constructor(
    readonly code: OutboundTargetErrorCode,
    readonly detail: string,
    readonly address?: string,
  ) {
    super(detail);
    this.name = 'OutboundTargetError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to every address; injectable for tests. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo, so /etc/hosts counts), all addresses, in OS order. */
export const systemResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface CheckedTarget {
  url: URL;
  /** The host without IPv6 brackets: what goes into Host and TLS SNI. */
  hostname: string;
  /** Every address the host is or resolves to, all of them checked; connect only to these. */
  addresses: ResolvedAddress[];
}

const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (this includes cloud metadata services)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address (100.64.0.0/10)',
  private: 'a private network address',
  reserved: 'a reserved or documentation address',
  benchmarking: 'a benchmarking address',
  uniqueLocal: 'a unique-local address (fc00::/7)',
  deprecatedSiteLocal: 'a site-local address (fec0::/10)',
  teredo: 'a Teredo tunnel address',
};

const IPV4_COMPATIBLE: [IP, number] = ipaddr.parseCIDR('::/96');
const NAT64_WELL_KNOWN: [IP, number] = ipaddr.parseCIDR('64:ff9b::/96');

function embeddedIPv4(address: ipaddr.IPv6, fromByte: number): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(fromByte, fromByte + 4));
}

/** Why an address may not be called, or null when it may. Ignores the allow-list. */
function refusal(address: IP): string | null {
  if (address.kind() === 'ipv4') {
    const range = address.range();
    return range === 'unicast' ? null : RANGE_NAMES[range] ?? `a special-purpose address (${range})`;
  }
  // kind() says which ipaddr class it is; ipaddr.js does not narrow on it.
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  let embedded: ipaddr.IPv4 | null = null;
  if (range === 'ipv4Mapped' || range === 'rfc6145') embedded = embeddedIPv4(v6, 12);
  else if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) embedded = embeddedIPv4(v6, 12);
  else if (range === '6to4') embedded = embeddedIPv4(v6, 2);
  if (embedded) {
    const inner = refusal(embedded);
    return inner ? `an IPv6 address embedding ${embedded.toString()}, ${inner}` : null;
  }
  if (range === 'unicast') return v6.match(IPV4_COMPATIBLE) ? 'an IPv4-compatible IPv6 address (deprecated, ::/96)' : null;
  return RANGE_NAMES[range] ?? `a special-purpose address (${range})`;
}

function isAllowed(address: IP, allowed: AllowedNetworks): boolean {
  return allowed.ranges.some(([net, prefix]) => net.kind() === address.kind() && address.match(net, prefix));
}

/**
 * Throws {@link OutboundTargetError} (`forbidden_address`) unless `address` is
 * public unicast or inside an allowed network. Exposed for connection-time checks.
 */
export function assertAddressAllowed(address: string, allowed: AllowedNetworks, host = address): void {
  let ip: IP;
  try {
    ip = ipaddr.parse(address);
  } catch {
    throw new OutboundTargetError('forbidden_address', `${host} resolved to "${address}", which is not an IP address`, address);
  }
  if (isAllowed(ip, allowed)) return;
  const why = refusal(ip);
  if (why === null) return;
  const shown = host === address ? address : `${host} resolves to ${address}, which`;
  throw new OutboundTargetError('forbidden_address', `${shown} is ${why}; outbound calls may only go to public addresses`, address);
}

/**
 * Validates an outbound URL and resolves its host. Returns the parsed URL and
 * every address, all checked; throws {@link OutboundTargetError} when the URL is
 * not absolute http(s), carries user:password, its host does not resolve, or
 * any address is refused (one bad address refuses the whole target, so a
 * hostname cannot smuggle a private address in beside a public one).
 */
export async function checkOutboundUrl(
  input: string | URL,
  allowed: AllowedNetworks = NO_ALLOWED_NETWORKS,
  options: { resolve?: HostResolver } = {},
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    throw new OutboundTargetError('invalid_url', `"${String(input)}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundTargetError('unsupported_scheme', `only http and https URLs are allowed, got ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundTargetError('credentials_in_url', 'URLs must not carry a user name or password');
  }
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (hostname === '') throw new OutboundTargetError('invalid_url', 'the URL has no host');

  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolver)(hostname);
    } catch (err) {
      // Node's DNS and socket errors carry a string code; anything else has none and reads undefined.
      const code = (err as { code?: string }).code;
      throw new OutboundTargetError('dns_failed', `${hostname} could not be resolved${code ? ` (${code})` : ''}`);
    }
    if (addresses.length === 0) throw new OutboundTargetError('dns_failed', `${hostname} resolved to no addresses`);
  }
  for (const { address } of addresses) assertAddressAllowed(address, allowed, hostname);
  return { url, hostname, addresses };
}
