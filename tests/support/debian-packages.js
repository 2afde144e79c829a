// Debian packages the test suite drives (nginx, for the test that runs the generated nginx.conf),
// installed when missing: as root through apt-get, as tests/run.js installs chromium. Plain
// JavaScript, so that tests/run.js (plain Node) and the tests (vitest) share it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Makes sure `binary` exists, installing Debian's `name` package when it does not. Returns null
 * when the binary is there, else one line saying why not and what to do.
 */
export function ensureDebianPackage(binary, name) {
  if (existsSync(binary)) return null;
  if (process.getuid?.() !== 0)
    return `${binary} is missing and only root can install it: run apt-get install -y ${name}, then the tests again`;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args) => spawnSync("apt-get", args, { env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // A fresh machine has no package lists yet: update first, as the chromium install does.
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", name]]) {
    const result = run(args);
    if (result.error || result.status !== 0) {
      const why =
        result.error?.message ?? (result.stderr || result.stdout).trim().split("\n").at(-1) ?? `exit ${result.status}`;
      return `could not install Debian's ${name} (apt-get ${args.join(" ")}: ${why}); install it and run the tests again`;
    }
  }
  return existsSync(binary) ? null : `apt-get installed ${name} but ${binary} is still missing`;
}
