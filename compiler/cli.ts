// The `site` command line. Exit codes: 0 done (warnings allowed), 1 problems in the specs,
// 2 usage errors and internal failures. No stack trace reaches a user unless --debug.

import { statSync } from "node:fs";
import { resolve } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { hasErrors } from "./diagnostics.ts";
import { DateTime } from "luxon";
import { build, check, type BuildResult } from "./pipeline.ts";
import { parseInstant } from "./time.ts";
import { printGithub, printJson, printPretty, styleFor } from "./print.ts";

/** A failure the user can act on, printed as one line (exit 2). */
export class UsageError extends Error {}

type Format = "pretty" | "json" | "github";

function specsDirFrom(option: string): string {
  const dir = resolve(option);
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`the specs folder '${option}' does not exist (pass --specs DIR)`);
  return dir;
}

function formatOf(options: { json?: boolean; format?: Format }): Format {
  return options.json ? "json" : (options.format ?? "pretty");
}

function runCheck(options: { specs: string; json?: boolean; format?: Format }): number {
  const started = performance.now();
  const result = check(specsDirFrom(options.specs));
  const format = formatOf(options);
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  if (format === "json") {
    process.stdout.write(printJson(result.diagnostics, result.sources) + "\n");
  } else if (format === "github") {
    if (result.diagnostics.length) process.stdout.write(printGithub(result.diagnostics, result.sources) + "\n");
  } else {
    const style = styleFor(process.stdout);
    if (result.diagnostics.length) process.stdout.write(printPretty(result.diagnostics, result.sources, style) + "\n\n");
    const ms = Math.round(performance.now() - started);
    const summary =
      errors + warnings === 0
        ? `${style.bold("ok")}: ${result.fileCount} spec files checked in ${ms} ms`
        : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"} in ${result.fileCount} spec files (${ms} ms)`;
    process.stdout.write(summary + "\n");
  }
  return hasErrors(result.diagnostics) ? 1 : 0;
}

function instantOption(value: string | undefined, name: string): DateTime {
  if (value === undefined) return DateTime.now();
  const parsed = parseInstant(value);
  if (!parsed.ok) throw new UsageError(`${name} '${value}' is not an instant with an offset or zone (e.g. 2024-11-25T12:00+01:00): ${parsed.reason}`);
  return parsed.instant;
}

function printDiagnostics(result: BuildResult, format: Format) {
  if (!result.diagnostics.length) return;
  if (format === "json") process.stdout.write(printJson(result.diagnostics, result.sources) + "\n");
  else process.stdout.write(printPretty(result.diagnostics, result.sources, styleFor(process.stdout)) + "\n\n");
}

async function runBuild(options: { specs: string; out: string; now?: string }): Promise<number> {
  const specsDir = specsDirFrom(options.specs);
  const now = instantOption(options.now, "--now");
  const style = styleFor(process.stdout);
  const out = resolve(options.out);
  const result = await build({
    specsDir,
    out,
    now,
    onStage: (name, detail, ms) => process.stdout.write(`${style.dim(name.padEnd(8))} ${detail.padEnd(40)} ${style.dim(`${Math.round(ms)} ms`)}\n`),
  });
  printDiagnostics(result, "pretty");
  if (!result.summary) {
    const errors = result.diagnostics.filter((d) => d.severity === "error").length;
    process.stdout.write(`${style.red("build failed")}: ${errors} error${errors === 1 ? "" : "s"} in the specs; nothing was written\n`);
    return 1;
  }
  const s = result.summary;
  process.stdout.write(
    `${style.bold("built")} ${s.pages} pages (${s.routes} routes, ${s.regions} regions, ${(s.bytes / 1024 / 1024).toFixed(1)} MB) as of ${now.toISO({ suppressMilliseconds: true })} in ${Math.round(s.ms)} ms → ${options.out}/site\n` +
      (s.nextChange ? `next change: ${s.nextChange} (rebuild then)\n` : ""),
  );
  return 0;
}

function notBuiltYet(command: string): never {
  throw new UsageError(`'site ${command}' is not built yet`);
}

export function createProgram(setExitCode: (code: number) => void): Command {
  const program = new Command();
  program
    .name("site")
    .description("Compile the multi-region storefront from YAML specs: check them, build the static site, serve it.")
    .option("--debug", "print stack traces of internal errors")
    .showHelpAfterError("(run site --help for usage)")
    .exitOverride();

  const formatOption = new Option("--format <format>", "how to print problems").choices(["pretty", "json", "github"]).default("pretty");

  program
    .command("check")
    .description("load, validate and cross-check the specs; print every problem")
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--json", "print {\"diagnostics\": [...]} on stdout (same as --format json)")
    .addOption(formatOption)
    .action((options) => setExitCode(runCheck(options)));

  program
    .command("build")
    .description("check, then compile, prerender and bundle the site into --out")
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--out <dir>", "output folder", "dist")
    .option("--now <instant>", "build the site as it is at this instant, e.g. 2024-11-25T12:00+01:00 (default: now)")
    .action(async (options) => setExitCode(await runBuild(options)));

  program
    .command("check-windows")
    .description("every time window per region: what is live at --at, overlaps, gaps, expired")
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--at <instant>", "the instant to report on (default: now)")
    .option("--json", "print diagnostics as JSON")
    .action(() => notBuiltYet("check-windows"));

  program
    .command("dev")
    .description("build in memory, serve, watch specs and templates, reload the browser on change")
    .option("--port <n>", "port on 127.0.0.1", "4321")
    .action(() => notBuiltYet("dev"));

  program
    .command("preview")
    .description("serve a built site as production would")
    .option("--out <dir>", "folder of a finished build", "dist")
    .option("--port <n>", "port on 127.0.0.1", "4173")
    .option("--now <instant>", "pin the server clock to this instant")
    .action(() => notBuiltYet("preview"));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = createProgram((code) => (exitCode = code));
  const debug = argv.includes("--debug");
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`site: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`site: internal error: ${message}${debug ? "" : " (run with --debug for details)"}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(error.stack + "\n");
    return 2;
  }
}
