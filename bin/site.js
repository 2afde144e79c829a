#!/usr/bin/env node
// Launcher for the `site` command: the compiler is TypeScript, bundled on first use (run-ts.js).
import { bundledCli } from "../compiler/run-ts.js";

// A reader that stops early (`site build | head -1`) closes the pipe: that is no error of ours.
// What is left to say goes nowhere and the command carries on to its end, quietly, with its own
// exit code: ending at once would leave a build half done, its output not swapped in.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code !== "EPIPE") throw error;
    stream.write = (_chunk, encoding, done) => {
      (typeof encoding === "function" ? encoding : done)?.();
      return true;
    };
  });
}

// --debug prints the stack of an internal error: with the source maps read, it names the
// TypeScript lines (the maps lie beside lib/'s code and are read only then).
if (process.argv.includes("--debug")) process.setSourceMapsEnabled(true);
// React picks its build when first loaded: the production one renders several times faster.
process.env.NODE_ENV ??= "production";
const { main } = await import(await bundledCli());
process.exitCode = await main(process.argv.slice(2));
// The command is over. Whatever a failure left open (a file watcher, an esbuild service) must
// not keep the process alive; a moment is left for output still on its way to a pipe.
setTimeout(() => process.exit(), 500).unref();
