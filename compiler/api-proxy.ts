// `--api URL` for site dev and site preview: the account calls go to a real API instead of the
// local account service. Requests under /account/ are forwarded as they came; the answer comes
// back as it went.
import type { IncomingMessage, ServerResponse } from "node:http";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host", "content-length"]);

export function createApiProxy(target: string) {
  const base = new URL(target);
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const url = new URL(request.url ?? "/", "http://local");
    if (!url.pathname.startsWith("/account/")) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === "string" && !HOP_BY_HOP.has(e[0])),
    );
    try {
      const answer = await fetch(new URL(url.pathname + url.search, base), {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
      response.end(body);
    } catch (error) {
      response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 5020, msg: `the API at ${base.origin} did not answer: ${error instanceof Error ? error.message : String(error)}`, data: null }));
    }
    return true;
  };
}
