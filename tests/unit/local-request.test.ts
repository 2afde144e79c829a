// The Host and Origin check shared by the local servers: a request is answered only when it
// names this server by a loopback name and its own port (so a DNS-rebound name cannot reach it)
// and, when it says where it comes from, comes from this server's own origin.
import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { checkLocalRequest } from "../../server/local-request.ts";

function request(headers: Record<string, string>, localAddress = "127.0.0.1", localPort = 4000) {
  return { headers, socket: { localAddress, localPort } } as unknown as IncomingMessage;
}

describe("Host", () => {
  test.each([["127.0.0.1:4000"], ["localhost:4000"], ["LocalHost:4000"]])("%s names this server", (host) => {
    expect(checkLocalRequest(request({ host }))).toBeNull();
  });

  test.each([
    ["a rebound name", "attacker.example:4000"],
    ["a name that only starts like localhost", "localhost.attacker.example:4000"],
    ["another port", "127.0.0.1:4001"],
    ["no port, which is port 80", "127.0.0.1"],
    ["user information", "user@127.0.0.1:4000"],
    ["another loopback address than the one listening", "127.0.0.2:4000"],
    ["nothing", ""],
  ])("%s is refused", (_name, host) => {
    const refusal = checkLocalRequest(request({ host }));
    expect(refusal?.status).toBe(403);
    // One line a user can read in a browser or a terminal.
    expect(refusal?.message).toMatch(/^[^\n]+$/);
  });

  test("a missing Host is refused", () => {
    expect(checkLocalRequest(request({}))?.status).toBe(403);
  });

  test("the address the server listens on is its name: IPv6 loopback, an IPv4-mapped address, port 80", () => {
    expect(checkLocalRequest(request({ host: "[::1]:4000" }, "::1"))).toBeNull();
    expect(checkLocalRequest(request({ host: "127.0.0.1:4000" }, "::ffff:127.0.0.1"))).toBeNull();
    expect(checkLocalRequest(request({ host: "localhost" }, "127.0.0.1", 80))).toBeNull();
    expect(checkLocalRequest(request({ host: "[::1]:4000" }, "127.0.0.1"))?.status).toBe(403);
  });
});

describe("Origin", () => {
  test("absent, or this server's own origin, is answered", () => {
    expect(checkLocalRequest(request({ host: "127.0.0.1:4000" }))).toBeNull();
    expect(checkLocalRequest(request({ host: "127.0.0.1:4000", origin: "http://127.0.0.1:4000" }))).toBeNull();
    expect(checkLocalRequest(request({ host: "localhost:4000", origin: "http://localhost:4000" }))).toBeNull();
  });

  test.each([
    ["another site", "https://attacker.example"],
    ["another port on this machine", "http://127.0.0.1:5173"],
    ["https on this port", "https://127.0.0.1:4000"],
    ["the other loopback name (another origin to the browser)", "http://localhost:4000"],
    ["an opaque origin (sandboxed frame, file:)", "null"],
    ["not a URL", "127.0.0.1:4000"],
  ])("%s is refused", (_name, origin) => {
    expect(checkLocalRequest(request({ host: "127.0.0.1:4000", origin }))?.status).toBe(403);
  });
});
