// Who may talk to the local servers of `site dev` and `site preview`. They listen on loopback,
// but a browser on this machine will still carry requests to them from any page: a page on
// another origin (its Origin header says so), or a page whose own host name an attacker's DNS
// now resolves to 127.0.0.1 (DNS rebinding: the browser thinks it is same-origin, but the Host
// header still carries the attacker's name). A request passes only when its Host is a loopback
// name of this server with the port it listens on, and its Origin, if any, is this server's.
import type { IncomingMessage } from "node:http";

export interface LocalRequestRefusal {
  status: 403;
  /** One line, for the answer's body and a log. */
  message: string;
}

/** A header value quoted in a message: short and printable, whatever was sent. */
const quoted = (value: string) => `'${value.slice(0, 100).replace(/[^\x20-\x7e]/g, "?")}'`;

/** The socket's own address as a Host header writes it: IPv6 in brackets, IPv4-mapped as IPv4. */
function hostOfAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return address.includes(":") ? `[${address.toLowerCase()}]` : address;
}

/** The host name and port a Host header names, or null when it is not a plain host[:port]. */
function parseHost(value: string): { name: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(value);
  if (!match) return null;
  return { name: match[1]!.toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

/**
 * null when the request may be answered; otherwise the 403 to answer with. Call it first, for
 * every request: a rebound page can read any answer it gets, not only those of account calls.
 */
export function checkLocalRequest(request: Pick<IncomingMessage, "headers" | "socket">): LocalRequestRefusal | null {
  const refuse = (message: string): LocalRequestRefusal => ({ status: 403, message });
  const { localAddress, localPort } = request.socket;
  const own = localAddress ? hostOfAddress(localAddress) : undefined;
  const rawHost = request.headers.host ?? "";
  const host = parseHost(rawHost);
  // "localhost" always means this machine (RFC 6761), so no DNS answer can move it elsewhere.
  const names = new Set(["localhost", ...(own ? [own] : [])]);
  if (!host || !names.has(host.name) || host.port !== localPort) {
    const expected = [...names].map((name) => `${name}:${localPort}`).join(" or ");
    return refuse(`Blocked request: host ${quoted(rawHost)} is not this server (${expected}).`);
  }
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // The browser's origin of a page of this server is exactly http:// and the Host it asked for.
    const ownOrigin = `http://${host.name}${host.port === 80 ? "" : `:${host.port}`}`;
    if (origin.toLowerCase() !== ownOrigin)
      return refuse(`Blocked request: origin ${quoted(origin)} is not this server's (${ownOrigin}).`);
  }
  return null;
}
