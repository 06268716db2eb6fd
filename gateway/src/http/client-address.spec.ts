import type { IncomingMessage } from 'http';
import { clientAddress } from './client-address';

const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage;

describe('clientAddress (the raw doors: disk, uploads)', () => {
  it('is the socket peer unless the proxy is trusted', () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), false)).toBe('127.0.0.1');
    expect(clientAddress(request('::1'), false)).toBe('::1');
  });
  it("with TRUST_PROXY, the furthest address of X-Forwarded-For, as fastify's request.ip", () => {
    expect(clientAddress(request('127.0.0.1', '203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request('127.0.0.1', '198.51.100.7, 10.0.0.2'), true)).toBe('198.51.100.7');
    expect(clientAddress(request('127.0.0.1'), true)).toBe('127.0.0.1');
  });
});
