import ipaddr from 'ipaddr.js';

// Which addresses a user-given URL may reach. Only global unicast passes: loopback, RFC 1918, link-local (cloud metadata
// at 169.254.169.254), CGNAT, multicast, unspecified, ULA and the reserved/documentation ranges are refused, and so are
// the IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4, Teredo) so none of them is a way around the list.

/** The address parsed, an IPv4-mapped IPv6 one as the IPv4 it carries; null when `text` is no IP address. */
function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // Zone ids (fe80::1%eth0) name an interface: strip them for the range check, they only ever go with link-local.
  const unzoned = bare.replace(/%.*$/, '');
  if (!ipaddr.isValid(unzoned)) return null;
  return ipaddr.process(unzoned);
}

/** True for an IP literal (IPv4 dotted or IPv6, with or without brackets). */
export function isIpLiteral(text: string): boolean {
  return parse(text) !== null;
}

/** True when `address` is an IP address on the public internet; false for every special range and for non-addresses. */
export function isPublicAddress(address: string): boolean {
  const ip = parse(address);
  return ip !== null && ip.range() === 'unicast';
}
