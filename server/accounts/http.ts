// The wire of the local account service: the API envelope {code, msg, data} of seed 000 §3 and
// §8 with its codes and fixed words, the JSON body of a POST, and the answer written back.

import type { IncomingMessage, ServerResponse } from "node:http";

export const accountCodes = {
  success: 2000,
  wrongCredentials: 4001,
  invalidInput: 4002,
  loginExpired: 4003,
  notFound: 4004,
  refreshRefused: 4005,
  tooManyAttempts: 4029,
  foreignRequest: 4030,
} as const;

/** One catalogue of the answers' fixed words, so the tests and SECURITY.md quote what is sent. */
export const accountMessages = {
  ok: "ok",
  wrongCredentials: "Wrong e-mail or password.",
  loginExpired: "Login expired, please log in again.",
  refreshRefused: "Refresh refused, please log in again.",
  tooManyAttempts: "Too many failed logins, please try again later.",
  invalidEmail: "Enter a valid e-mail address.",
  notJson: "The request body must be JSON (content-type application/json).",
  invalidJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  regionMissing: "The region is missing.",
  regionUnknown: "The region is not one of the site's region codes.",
  noSuchCall: "There is no such account call.",
  serverError: "Server error, please try again later.",
} as const;

/** An answer: its HTTP status and headers, and the envelope's fields. */
export interface Answer {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  headers?: Record<string, string>;
}

export type JsonObject = Record<string, unknown>;

/** Not in the client's catalogue on purpose: a fault of the service, never of the caller. */
export const INTERNAL_ERROR_CODE = 5000;
const MAX_BODY_BYTES = 64 * 1024;

export const ok = (data: unknown): Answer => ({
  status: 200,
  code: accountCodes.success,
  msg: accountMessages.ok,
  data,
});
export const refused = (code: number, msg: string, status = 200): Answer => ({ status, code, msg, data: null });
export const invalidInput = (msg: string) => refused(accountCodes.invalidInput, msg);

export const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type BodyResult = { kind: "text"; text: string } | { kind: "tooLarge" } | { kind: "gone" };

/**
 * The request body as text, at most MAX_BODY_BYTES. A larger body is read to its end and
 * dropped (answering while the client still sends would reset its connection before it
 * reads the answer); "gone" when the client went away before the end.
 */
function readBody(request: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(headerValue(request, "content-length"));
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    request.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on("end", () =>
      resolve(tooLarge ? { kind: "tooLarge" } : { kind: "text", text: Buffer.concat(chunks).toString("utf8") }),
    );
    request.on("error", () => resolve({ kind: "gone" }));
    request.on("close", () => {
      if (!request.complete) resolve({ kind: "gone" });
    });
  });
}

/** What a POST carried: its JSON object, the answer saying why there is none, or nothing when the client left. */
type PostBody = { kind: "object"; value: JsonObject } | { kind: "refused"; answer: Answer } | { kind: "gone" };

export async function readJsonObject(request: IncomingMessage): Promise<PostBody> {
  const refuse = (msg: string): PostBody => ({ kind: "refused", answer: invalidInput(msg) });
  const type = headerValue(request, "content-type");
  // application/json and nothing else, and never no type at all: those are the bodies that any
  // page may post anywhere without asking first (a no-cors fetch of bytes, a form, text/plain).
  // A JSON type makes the browser ask (CORS preflight), and this service never says yes.
  if (type === undefined || !/^application\/json\s*(?:;|$)/i.test(type)) {
    return { kind: "refused", answer: refused(accountCodes.invalidInput, accountMessages.notJson, 415) };
  }
  const body = await readBody(request);
  if (body.kind === "gone") return body;
  if (body.kind === "tooLarge") return refuse(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return refuse(accountMessages.invalidJson);
  }
  return isObject(parsed) ? { kind: "object", value: parsed } : refuse(accountMessages.notObject);
}

/** A request's path and query, each without the fragment. */
export function pathAndQuery(url: string): { path: string; query: URLSearchParams } {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).split("#", 1)[0] ?? "/";
  const query = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1).split("#", 1)[0]);
  return { path, query };
}

/** Writes the answer as the envelope; a response already under way (or gone) is only ended. */
export function send(response: ServerResponse, reply: Answer): void {
  if (response.headersSent || response.destroyed) {
    response.end();
    return;
  }
  const body = JSON.stringify({ code: reply.code, msg: reply.msg, data: reply.data });
  response.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    // Answers carry tokens and personal data: never kept by a cache.
    "cache-control": "no-store",
    "content-length": String(Buffer.byteLength(body)),
    ...reply.headers,
  });
  response.end(body);
}
