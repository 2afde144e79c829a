// `--api URL` for site dev and site preview: the account calls go to a real API instead of the
// local account service. Requests under /account/ are passed on as they stream in, and the
// answer streams back, so the proxy holds no more than a chunk of either. It is for dev and
// preview only (SECURITY.md), and it is careful all the same: it answers only this server's
// own pages, caps what it passes on, gives up on a silent API, keeps this machine's
// credentials to itself, and never follows the API's redirects anywhere.
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import { checkLocalRequest } from "./local-request.ts";

/** The envelope codes of the proxy's own answers (the API's answers pass through as they are). */
export const proxyCodes = { foreignRequest: 4030, tooLarge: 4130, badGateway: 5020, gatewayTimeout: 5040 } as const;

export interface ApiProxyOptions {
  /** The longest request body passed on, in bytes; default 1 MB (an account call sends a few hundred). */
  maxBodyBytes?: number;
  /** How long the API may take to start answering, and then to send each next piece; default 30 s. */
  timeoutMs?: number;
}

/**
 * Not passed on. Hop-by-hop headers belong to one connection (RFC 9110 §7.6.1); `expect` is
 * answered here (Node sends the 100 Continue) and would make the API wait for one. Cookies and
 * credentials are this machine's, for this server, never the API's; forwarding headers would
 * tell the API things about this machine it did not ask for. The site's own headers (apptoken,
 * reftoken, region, Accept-Language, Content-Type) go through.
 */
const DROPPED = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "expect",
  "cookie",
  "authorization",
  "proxy-authorization",
  "forwarded",
  "x-real-ip",
]);

/** What the browser gets of the API's headers: how to read the body, and how long to keep it. Never its cookies. */
const PASSED_BACK = ["content-type", "content-length", "content-encoding", "cache-control", "retry-after", "vary"];

/** After a 413, this much more of the body is read and dropped (so the client reads the answer, not a reset), then the connection is cut. */
const DRAIN_BYTES = 16 * 1024 * 1024;

const size = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function forwardedHeaders(request: IncomingMessage): OutgoingHttpHeaders {
  const named = String(request.headers.connection ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED.has(name) || named.includes(name) || name.startsWith("x-forwarded-")) continue;
    headers[name] = value;
  }
  return headers;
}

export function createApiProxy(target: string, options: ApiProxyOptions = {}) {
  const base = new URL(target);
  const basePath = base.pathname.replace(/\/+$/, "");
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const send = base.protocol === "https:" ? httpsRequest : httpRequest;

  /** The local path of a redirect within the API, or null when it leads anywhere else. */
  const localPath = (location: string, from: URL): string | null => {
    let url: URL;
    try {
      url = new URL(location, from);
    } catch {
      return null;
    }
    if (url.origin !== base.origin) return null;
    if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return null;
    return url.pathname.slice(basePath.length) + url.search;
  };

  return function handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? "/", "http://local");
    if (!url.pathname.startsWith("/account/")) return Promise.resolve(false);

    return new Promise<boolean>((resolve) => {
      let settled = false;
      const done = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(true);
      };

      const reply = (status: number, code: number, msg: string) => {
        if (response.headersSent) return void response.destroy();
        const body = JSON.stringify({ code, msg: oneLine(msg), data: null });
        response.writeHead(status, {
          "content-type": "application/json; charset=utf-8",
          "cache-control": "no-store",
          "content-length": String(Buffer.byteLength(body)),
        });
        response.end(body);
      };

      // What is left of a refused body is read and dropped, up to a point.
      let dropped = 0;
      const drain = () => {
        request.removeAllListeners("data");
        request.on("data", (chunk: Buffer) => {
          dropped += chunk.byteLength;
          if (dropped > DRAIN_BYTES) request.socket.destroy();
        });
        request.resume();
      };

      let timer: NodeJS.Timeout | undefined;
      const foreign = checkLocalRequest(request);
      if (foreign) {
        reply(foreign.status, proxyCodes.foreignRequest, foreign.message);
        drain();
        return done();
      }
      const declared = Number(request.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBody) {
        reply(413, proxyCodes.tooLarge, `The request body is larger than ${size(maxBody)}.`);
        drain();
        return done();
      }

      const targetUrl = new URL(basePath + url.pathname + url.search, base.origin);
      const upstream = send(targetUrl, { method: request.method, headers: forwardedHeaders(request) });
      let failed = false;
      const fail = (status: number, code: number, msg: string) => {
        if (failed) return;
        failed = true;
        upstream.destroy();
        reply(status, code, msg);
        drain();
        done();
      };

      timer = setTimeout(
        () =>
          fail(504, proxyCodes.gatewayTimeout, `the API at ${base.origin} did not answer within ${timeoutMs / 1000} s`),
        timeoutMs,
      );
      upstream.on("error", (error) =>
        fail(502, proxyCodes.badGateway, `the API at ${base.origin} did not answer: ${error.message}`),
      );

      upstream.on("response", (answer) => {
        if (failed) return void answer.resume();
        clearTimeout(timer);
        // From here, silence is measured between pieces of the answer.
        upstream.setTimeout(timeoutMs, () => {
          upstream.destroy();
          response.destroy();
          done();
        });
        const status = answer.statusCode ?? 502;
        const headers: Record<string, string> = {};
        for (const name of PASSED_BACK) {
          const value = answer.headers[name];
          if (typeof value === "string") headers[name] = value;
        }
        const location = answer.headers.location;
        if (status >= 300 && status < 400 && location !== undefined) {
          // Never followed here, and passed on only when it leads back into the API: then the
          // browser asks this server again, and the request goes through all of the above.
          const path = localPath(location, targetUrl);
          if (path === null) {
            answer.resume();
            return fail(
              502,
              proxyCodes.badGateway,
              `the API at ${base.origin} redirected to another place (${oneLine(location).slice(0, 200)}); redirects are not followed`,
            );
          }
          headers.location = path;
        }
        response.writeHead(status, headers);
        answer.pipe(response);
        answer.on("end", done);
        answer.on("error", () => {
          response.destroy();
          done();
        });
      });

      // The body, chunk by chunk as it comes, at the pace the API takes it.
      let received = 0;
      request.on("data", (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBody)
          return fail(413, proxyCodes.tooLarge, `The request body is larger than ${size(maxBody)}.`);
        if (!upstream.write(chunk)) {
          request.pause();
          upstream.once("drain", () => request.resume());
        }
      });
      request.on("end", () => {
        if (!failed) upstream.end();
      });
      // The browser went away: so does the request to the API.
      response.on("close", () => {
        if (!response.writableFinished) upstream.destroy();
        done();
      });
    });
  };
}
