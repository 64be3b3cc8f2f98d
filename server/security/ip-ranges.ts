import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * One address in strict notation: IPv4 only as four decimal parts (no `10.1`, `0x0a.0.0.1` or octal forms, which
 * ipaddr.js would also accept and which nobody means in an allow-list), IPv6 in any valid notation.
 */
function parseAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes(':') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/**
 * A CIDR range or a single address as typed by a person, normalised to its network form (`10.1.2.3/8` →
 * `10.0.0.0/8`, `2001:DB8::1` → `2001:db8::1/128`), or null when it is neither (docs/access-control.md).
 */
export function normaliseRange(input: string): string | null {
  const text = input.trim();
  const slash = text.indexOf('/');
  const address = parseAddress(slash === -1 ? text : text.slice(0, slash));
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  let bits = max;
  if (slash !== -1) {
    const suffix = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(suffix)) return null;
    bits = Number(suffix);
    if (bits > max) return null;
  }
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`);
  return `${network.toString()}/${bits}`;
}

/** The client address as a comparable value: an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) counts as IPv4. */
function clientAddress(ip: string): Address | null {
  try {
    return ipaddr.process(ip.replace(/%.*$/, ''));
  } catch {
    return null;
  }
}

/** True when the address lies in one of the (normalised) ranges. An address that does not parse matches nothing. */
export function addressInRanges(ip: string, ranges: readonly string[]): boolean {
  const address = clientAddress(ip);
  if (!address) return false;
  return ranges.some((range) => {
    try {
      const [network, bits] = ipaddr.parseCIDR(range);
      return network.kind() === address.kind() && address.match(network, bits);
    } catch {
      return false;
    }
  });
}

/** The address as shown to people: IPv4-mapped IPv6 shown as IPv4. */
export function displayAddress(ip: string): string {
  return clientAddress(ip)?.toString() ?? ip;
}
