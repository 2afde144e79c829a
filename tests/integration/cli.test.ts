// The CLI contract of DESIGN.md: commands, exit codes 0/1/2, JSON output, one-line failures.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { projectRoot, runSite, siteCommand, stackTrace } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

describe("site --help", () => {
  test("lists every command", () => {
    const { code, stdout } = runSite(["--help"]);
    expect(code).toBe(0);
    for (const command of ["check", "build", "check-windows", "dev", "preview"])
      expect(stdout).toMatch(new RegExp(`^\\s+${command} `, "m"));
  });

  test("site --version prints the package's version", () => {
    const { code, stdout } = runSite(["--version"]);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")).version);
  });

  test.each(["check", "build", "check-windows", "dev", "preview"])("site %s --help explains its options", (command) => {
    const { code, stdout } = runSite([command, "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: site ${command}`);
  });
});

describe("site check", () => {
  test("the real specs are clean", () => {
    const { code, stdout } = runSite(["check"]);
    expect(stdout).toMatch(/^ok: \d+ spec files checked/m);
    expect(code).toBe(0);
  });

  test("--json on the real specs prints no diagnostics", () => {
    const { code, stdout } = runSite(["check", "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ diagnostics: [] });
  });

  test("a missing specs folder is a usage error: exit 2, one line, no stack", () => {
    const { code, stderr } = runSite(["check", "--specs", "no-such-folder"]);
    expect(code).toBe(2);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("no-such-folder");
  });

  test("a file given as the specs folder is said to be a file, not a missing folder", () => {
    const { code, stderr } = runSite(["check", "--specs", "package.json"]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("site: --specs 'package.json' is a file, not a folder (pass --specs DIR)");
  });

  test("site dev with a bad or busy port exits 2 with one line, as site preview does", async () => {
    const bad = runSite(["dev", "--port", "abc"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe("site: --port 'abc' is not a port number (0 to 65535; 0 picks a free one)");
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    try {
      const port = (busy.address() as AddressInfo).port;
      const taken = runSite(["dev", "--port", String(port), "--specs", "tests/fixtures/base/specs"]);
      expect(taken.code).toBe(2);
      expect(taken.stderr.trim()).toBe(
        `site: port ${port} is in use; pass another with --port, or --next-free-port to take the next free one`,
      );
    } finally {
      busy.close();
    }
  });

  test("with --next-free-port, a taken port is said and the next free one is used", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as AddressInfo).port;
    const dev = spawn(
      process.execPath,
      [
        join(projectRoot, "bin/site.js"),
        "dev",
        "--port",
        String(port),
        "--next-free-port",
        "--specs",
        "tests/fixtures/base/specs",
      ],
      {
        cwd: projectRoot,
        env: { ...process.env, NO_COLOR: "1" },
      },
    );
    try {
      let out = "";
      await new Promise<void>((resolve, reject) => {
        dev.stdout.on("data", (chunk: Buffer) => {
          out += chunk;
          if (/dev: http:\/\/127\.0\.0\.1:\d+/.test(out)) resolve();
        });
        dev.on("exit", (code) => reject(new Error(`dev exited with ${code}: ${out}`)));
      });
      expect(out).toContain(`port ${port} is in use; using `);
      const used = Number(/dev: http:\/\/127\.0\.0\.1:(\d+)/.exec(out)![1]);
      expect(used).toBeGreaterThan(port);
    } finally {
      dev.kill("SIGTERM");
      busy.close();
    }
  });

  test("an unknown command or option exits 2", () => {
    expect(runSite(["chek"]).code).toBe(2);
    expect(runSite(["check", "--bogus"]).code).toBe(2);
  });
});

describe("a campaign no page of pages.yaml names (tests/fixtures/campaign-without-page)", () => {
  // Its last stage ends 2025-09-15 00:00 in Shanghai: until then its menu entries lead nowhere.
  test("site build stops while it runs and builds once it is over; site check --now says the same", async () => {
    const { root, cleanup } = materialize("campaign-without-page");
    try {
      const running = await siteCommand(["build", "--now", "2025-09-14T23:59+08:00", "--json"], { cwd: root });
      expect(running.code).toBe(1);
      const { diagnostics } = JSON.parse(running.stdout) as { diagnostics: { code: string }[] };
      expect(diagnostics.map((d) => d.code)).toEqual(["campaign-without-page"]);
      expect(existsSync(join(root, "dist"))).toBe(false);

      const over = await siteCommand(["build", "--now", "2025-09-15T00:00+08:00"], { cwd: root });
      expect(over.stderr).toBe("");
      expect(over.code).toBe(0);
      expect(existsSync(join(root, "dist", "manifests", "routes.json"))).toBe(true);

      expect((await siteCommand(["check", "--now", "2025-09-14T23:59+08:00"], { cwd: root })).code).toBe(1);
      const checkedOver = await siteCommand(["check", "--now", "2025-09-15T00:00+08:00"], { cwd: root });
      expect(checkedOver.code).toBe(0);
      // The instant is said: what the check finds depends on it.
      expect(checkedOver.stdout).toMatch(/^ok: \d+ spec files checked as of 2025-09-15T00:00\+08:00 in \d+ ms$/m);
      const wrong = await siteCommand(["check", "--now", "tomorrow"], { cwd: root });
      expect([wrong.code, wrong.stderr.trim().split("\n").length]).toEqual([2, 1]);
    } finally {
      cleanup();
    }
  });
});

describe("a broken copy of the real specs", () => {
  const root = mkdtempSync(join(tmpdir(), "site-broken-"));
  cpSync(join(projectRoot, "specs"), join(root, "specs"), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Replaces `from` by `to` in a spec file and returns the 1-based line of the change. */
  function breakSpec(file: string, from: string, to: string): { file: string; line: number } {
    const path = join(root, "specs", file);
    const text = readFileSync(path, "utf8");
    const at = text.indexOf(from);
    if (at < 0) throw new Error(`${file} no longer contains ${from}`);
    writeFileSync(path, text.slice(0, at) + to + text.slice(at + from.length));
    return { file: `specs/${file}`, line: text.slice(0, at).split("\n").length };
  }

  // One mistake of each kind the issue names, each in a file of its own.
  const mistakes = {
    "price-row-length": breakSpec(
      "prices.yaml",
      "[1199, 1099, 1299, 1299, 1299,      ~, 8499]",
      "[1199, 1099, 1299, 1299, 1299, 8499]",
    ),
    "price-not-a-number": breakSpec(
      "prices.yaml",
      "[ 599,  499,  599,  599,  599,      ~, 3999]",
      "[ 599,  499,  599,  599,  599€,     ~, 3999]",
    ),
    "yaml-syntax": breakSpec(
      "constants.yaml",
      "layout: { window: 1024, ipad: 768 }",
      "layout: { window: 1024, ipad: 768",
    ),
    "naive-timestamp": breakSpec(
      "campaigns/fathers-day-2025.yaml",
      "start: 2025-06-08T15:00+08:00",
      "start: 2025-06-08T15:00",
    ),
    "insecure-link": breakSpec(
      "catalogue.yaml",
      "buy: https://us.store.mechanova.com/products/flagship-bumblebee",
      "buy: javascript:alert(1)",
    ),
    "unknown-region": breakSpec(
      "pages.yaml",
      "regions: [us, uk, eu, fr, de, kr, cn]",
      "regions: [us, uk, eu, fr, de, kx, cn]",
    ),
    "unknown-product": breakSpec("regions/uk.yaml", "identify: flagshipMegatron", "identify: flagshipMegatro"),
    "broken-link": breakSpec("regions/de.yaml", "link: about-us", "link: ueber-uns"),
  };

  test("exits 1 and reports every mistake at its file and line", () => {
    const { code, stdout, stderr } = runSite(["check", "--json"], { cwd: root });
    expect(stderr).toBe("");
    expect(code).toBe(1);
    const { diagnostics } = JSON.parse(stdout) as {
      diagnostics: { code: string; file: string; line: number; column: number }[];
    };
    for (const [rule, where] of Object.entries(mistakes)) {
      expect(diagnostics, rule).toContainEqual(
        expect.objectContaining({ code: rule, file: where.file, line: where.line }),
      );
    }
  });

  test("the pretty output shows the same problems with code frames and a summary", () => {
    const { code, stdout } = runSite(["check"], { cwd: root });
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^specs\/prices\.yaml:\d+:\d+ error price-row-length {2}Row flagshipMegatron has 6 prices for 7 columns/m,
    );
    expect(stdout).toMatch(/^ {2}hint: /m);
    expect(stdout).toMatch(/^\d+ errors, \d+ warnings? in \d+ spec files/m);
    expect(stdout).not.toMatch(stackTrace);
  });

  test("piped into a reader that stops at once (site check | head -1), it ends quietly, with no stack trace", async () => {
    const child = spawn(process.execPath, [join(projectRoot, "bin/site.js"), "check"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
    });
    // The reader goes away before the first line is written: every write finds the pipe closed.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|stack|Error/);
    expect(stderr).not.toMatch(stackTrace);
    expect([0, 1]).toContain(code);
  });

  test("site build piped into a reader that stops at once still builds, and says so by its exit code", async () => {
    const project = materialize("base");
    try {
      const child = spawn(
        process.execPath,
        [join(projectRoot, "bin/site.js"), "build", "--now", "2025-06-10T12:00+08:00"],
        {
          cwd: project.root,
          env: { ...process.env, NO_COLOR: "1" },
        },
      );
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(stderr).not.toMatch(stackTrace);
      expect(code).toBe(0);
      expect(existsSync(join(project.root, "dist", "site", "index.html"))).toBe(true);
    } finally {
      project.cleanup();
    }
  });
});
