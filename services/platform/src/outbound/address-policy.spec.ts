import { isIpLiteral, isPublicAddress } from './address-policy';

describe('which addresses an outbound request may reach', () => {
  it('lets public IPv4 and global IPv6 unicast through', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '151.101.1.69', '2606:4700:4700::1111', '[2a00:1450:4001:82b::200e]']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified, broadcast and reserved IPv4', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '0.0.0.0', '255.255.255.255', '192.0.2.1', '240.0.0.1']) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });

  it('refuses IPv6 loopback, unspecified, link-local (with a zone too), ULA, multicast and forms carrying an IPv4 address', () => {
    for (const a of ['::1', '[::1]', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:10.0.0.1]', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:db8::1']) {
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    }
  });

  it('treats a name as no address (its resolved addresses are what gets checked) and knows IP literals', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isIpLiteral('example.com')).toBe(false);
    expect(isIpLiteral('127.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
  });
});
