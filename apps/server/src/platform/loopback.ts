// Loopback addresses: the dev outbox answers only clients on this machine, and the start-up warning
// tells whether the server listens beyond it.
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || a === 'localhost' || /^127(?:\.\d{1,3}){3}$/.test(a);
}

/**
 * A request from this machine, not relayed: the socket and the resolved client IP are loopback and
 * no proxy header is present (a local reverse proxy makes every visitor's socket loopback).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined)
    return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
