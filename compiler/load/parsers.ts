// The two YAML parsers, each loaded the first time a file needs it. A build or check whose files
// the parse cache holds needs neither; the positioned one (yaml) reads only files the fast ones
// decline or find broken, and the real specs have none. Loading them took about 100 ms of every
// command's start. Loaded with require, as the loader is synchronous; their values are used only
// through these functions, their types imported as types.
import { createRequire } from "node:module";
import type * as JsYaml from "js-yaml";
import type * as Yaml from "yaml";

const require = createRequire(import.meta.url);
let positioned: typeof Yaml | undefined;
let fast: typeof JsYaml | undefined;

/** yaml: positions for diagnostics, and the errors worded. */
export function yaml(): typeof Yaml {
  return (positioned ??= require("yaml") as typeof Yaml);
}

/** js-yaml: the data of a clean file, several times faster. */
export function jsYaml(): typeof JsYaml {
  return (fast ??= require("js-yaml") as typeof JsYaml);
}
