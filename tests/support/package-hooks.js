// Module hooks (node:module register) that note every package an ESM import resolves to, one
// name a line, in the file the registering process names: what a `site` command loads.
import { appendFileSync } from "node:fs";

let out;

export function initialize(data) {
  out = data.out;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
  if (name && out) appendFileSync(out, `${name}\n`);
  return result;
}
