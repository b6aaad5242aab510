import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/**
 * The client's address of a raw request that Fastify never sees (a socket's opening request), read as
 * Fastify reads `request.ip`: the connection's own address, or with TRUST_PROXY the address the trusted
 * proxies forwarded (a hop count, or their addresses and ranges; app.ts gives Fastify the same setting).
 */
export function clientAddressOf(setting: Config['TRUST_PROXY']): (request: IncomingMessage) => string {
  if (setting === undefined) return (request) => request.socket.remoteAddress ?? '';
  const trust =
    typeof setting === 'number'
      ? (_address: string, hop: number) => hop < setting
      : proxyAddr.compile(setting.split(',').map((part) => part.trim()));
  return (request) => proxyAddr(request, trust);
}
