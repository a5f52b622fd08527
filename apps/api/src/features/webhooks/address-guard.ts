import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery (docs/decisions/091-outgoing-webhooks.md): an endpoint's host must
 * resolve to public addresses only, unless WEBHOOKS_ALLOW_PRIVATE is set (tests, internal tools). Its
 * addresses are checked when it is saved and again at each send, and the request connects to the
 * address that was checked, so a name that resolves differently a moment later (DNS rebinding) cannot
 * steer it inside.
 */

const blocked = new BlockList();
// IPv4: "this network", private, CGNAT, loopback, link-local, IETF, documentation, benchmarking,
// multicast, reserved and broadcast.
for (const [network, prefix] of [
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
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
// IPv6: unspecified, loopback, IPv4-mapped (checked as IPv4 below too), NAT64, discard, documentation,
// unique-local, link-local, site-local and multicast.
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may not reach unless private addresses are allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** The URL's host could not be used: the message is the owner's to read. */
export class EndpointAddressError extends Error {}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The addresses the URL's host resolves to, every one of them allowed; the first is the one to
 * connect to. Throws EndpointAddressError when the name does not resolve or any address is private.
 */
export async function checkEndpointAddress(url: string, allowPrivate: boolean): Promise<CheckedAddress> {
  const { hostname } = new URL(url);
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new EndpointAddressError(`${host} could not be resolved.`);
    }
  }
  const first = addresses[0];
  if (!first) throw new EndpointAddressError(`${host} could not be resolved.`);
  if (!allowPrivate) {
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) {
      throw new EndpointAddressError(
        host === inside.address
          ? `${host} is a loopback, private or reserved address; webhooks are sent to public addresses only.`
          : `${host} resolves to ${inside.address}, a loopback, private or reserved address; webhooks are sent to public addresses only.`,
      );
    }
  }
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
