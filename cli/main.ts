// Entry of the bundled CLI (lib/cli.js), loaded by bin/site.js.
export { main } from "./program.ts";
