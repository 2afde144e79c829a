#!/usr/bin/env node
// Launcher for the `site` command: the compiler is TypeScript, bundled on first use (run-ts.js).
import { importBundled } from "./run-ts.js";

// React picks its build when first loaded: the production one renders several times faster.
process.env.NODE_ENV ??= "production";
const { main } = await importBundled("compiler/cli-main.ts", "cli", ["compiler", "templates", "runtime"]);
process.exitCode = await main(process.argv.slice(2));
