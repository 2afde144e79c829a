// The real site built as of an instant by `site build` into a scratch folder and served by
// `site preview`, as production would: for the tools that look at it in a browser (npm run
// lighthouse, npm run shots). close() stops the server and removes the folder.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { root } from "../compiler/run-ts.js";
import { cjkFont } from "./chromium.js";

export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The instant the tools build the site as of unless told: Black Friday week, when the campaign banners, sale items and countdown are on the pages. */
export const BLACK_FRIDAY_WEEK = "2024-11-25T12:00+01:00";

/**
 * A tool's arguments: --now (default BLACK_FRIDAY_WEEK), --help and the tool's `more` options, and
 * paths. --help prints `usage` and exits; an option it does not know is said in one line, exit 2.
 */
export function toolArguments(tool, usage, more = {}) {
  try {
    const parsed = parseArgs({
      allowPositionals: true,
      options: { now: { type: "string", default: BLACK_FRIDAY_WEEK }, help: { type: "boolean", short: "h" }, ...more },
    });
    if (parsed.values.help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  } catch (error) {
    console.error(`${tool}: ${error.message}`);
    process.exit(2);
  }
}

/**
 * Exits with a message saying how to get a browser when there is none at chromePath; warns when
 * the cn, jp and kr pages would be drawn without their letters.
 */
export function requireChromium(tool) {
  if (!existsSync(chromePath)) {
    console.error(
      `${tool}: no browser at ${chromePath}; install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH`,
    );
    process.exit(2);
  }
  if (!existsSync(cjkFont.file))
    console.error(
      `${tool}: no Chinese, Japanese or Korean font: the cn, jp and kr pages show boxes for their letters (apt-get install -y ${cjkFont.package})`,
    );
}

/** Builds the site as of `now` and serves it; the origin to open, the output folder, and close(). */
export async function serveBuild(tool, now) {
  const scratch = mkdtempSync(join(tmpdir(), `site-${tool}-`));
  const out = join(scratch, "dist");
  const site = join(root, "bin", "site.js");
  const built = spawnSync(process.execPath, [site, "build", "--out", out, "--now", now], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    console.error(`${tool}: site build failed; run it yourself to see why`);
    process.exit(2);
  }
  const preview = spawn(process.execPath, [site, "preview", "--out", out, "--port", "0", "--now", now], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const close = () => {
    preview.kill();
    rmSync(scratch, { recursive: true, force: true });
  };
  // Stopped with Ctrl-C or a kill: the server and the folder go too.
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => {
      close();
      process.exit(130);
    });
  try {
    const origin = await new Promise((resolve, reject) => {
      preview.stdout.on("data", (chunk) => {
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(String(chunk))?.[0];
        if (url) resolve(url);
      });
      preview.on("exit", (code) => reject(new Error(`site preview stopped (exit ${code})`)));
    });
    return { origin, out, close };
  } catch (error) {
    close();
    throw error;
  }
}
