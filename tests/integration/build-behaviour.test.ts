// How a build answers time, bad input and hostile text, on the small fixture site; and that
// render threads change nothing in the output.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { DateTime } from "luxon";
import { parse } from "node-html-parser";
import { afterEach, describe, expect, test, vi } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { build, check } from "../../compiler/pipeline.ts";
import { renderPages, type PageJob } from "../../compiler/render/pool.ts";
import { stagingFolder, swapIn } from "../../compiler/write/index.ts";
import { filesOnDisk } from "../../server/preview.ts";
import { buildInto } from "../support/build.ts";
import { projectRoot, runSite, siteCommand, stackTrace } from "../support/cli.ts";
import { writeSettled } from "../support/file-times.ts";
import { materialize } from "../support/fixtures.ts";

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function fixture() {
  const f = materialize("base");
  cleanups.push(f.cleanup);
  return { root: f.root, specs: join(f.root, "specs") };
}

async function buildFixture(specs: string, now: string) {
  const built = await buildInto(specs, now);
  cleanups.push(built.cleanup);
  expect(built.result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return (path: string) =>
    parse(readFileSync(join(built.out, "site", path === "/" ? "index.html" : `${path.slice(1)}/index.html`), "utf8"));
}

/** An edit saved a while before the build that reads it (tests/support/file-times.ts). */
function edit(file: string, from: string, to: string) {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeSettled(file, text.replace(from, to));
}

describe("the build at an instant (--now)", () => {
  test("a nav entry carries its NEW tag from its start time on", async () => {
    const { specs } = fixture();
    const before = await buildFixture(specs, "2025-03-26T23:59+08:00");
    const after = await buildFixture(specs, "2025-03-27T00:00+08:00");
    const tagOf = (page: Awaited<ReturnType<typeof buildFixture>>) =>
      page("/us").querySelector(".nav-sublist .tag")?.text ?? null;
    expect(tagOf(before)).toBeNull();
    expect(tagOf(after)).toBe("NEW");
  });

  test("a promotional entry shows only while its campaign stage is live", async () => {
    const { specs } = fixture();
    const labels = async (now: string) =>
      (await buildFixture(specs, now))("/us")
        .querySelectorAll(".nav-label")
        .map((e) => e.text);
    expect(await labels("2025-06-05T00:00+08:00")).not.toContain("Summer"); // stage 1
    expect(await labels("2025-06-10T00:00+08:00")).toContain("Summer"); // stage 2
    expect(await labels("2025-06-15T00:00+08:00")).not.toContain("Summer"); // over: [start, end)
  });
});

describe("embargo: nothing whose window has not started is in the output", () => {
  test("a page before its window opens has no HTML, no manifest, no route and no link to it", async () => {
    const { specs } = fixture();
    edit(
      join(specs, "regions", "us.yaml"),
      "  - { label: About, link: about-us }",
      "  - { label: About, link: about-us }\n  - { label: Summer prices, link: sale }",
    );
    const built = await buildInto(specs, "2025-05-31T23:59+08:00");
    cleanups.push(built.cleanup);
    const everything = allText(built.out);
    expect(everything).not.toContain("Summer prices on every robot");
    expect(everything).not.toContain("/us/sale");
    const routes = JSON.parse(readFileSync(join(built.out, "manifests", "routes.json"), "utf8")).routes.map(
      (r: { path: string }) => r.path,
    );
    expect(routes).not.toContain("/us/sale");
    // The build says when to rebuild: the instant the page opens.
    expect(JSON.parse(readFileSync(join(built.out, "manifests", "routes.json"), "utf8")).nextChange).toBe(
      "2025-06-01T00:00:00+08:00",
    );

    const after = await buildInto(specs, "2025-06-01T00:00+08:00");
    cleanups.push(after.cleanup);
    expect(readFileSync(join(after.out, "site", "us", "sale", "index.html"), "utf8")).toContain(
      "Summer prices on every robot",
    );
    expect(readFileSync(join(after.out, "site", "us", "index.html"), "utf8")).toContain('href="/us/sale"');
  });
});

/** Every file of a build as one string, to search for content that must not be there. */
function allText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => (e.isDirectory() ? allText(join(dir, e.name)) : readFileSync(join(dir, e.name), "latin1")))
    .join("\n");
}

describe("spec text cannot break the page", () => {
  test("a product name with </script> stays inside its JSON-LD", async () => {
    const { specs } = fixture();
    const hostile = "Bumblebee </script><script>alert(1)</script>";
    edit(join(specs, "catalogue.yaml"), "name: Flagship Bumblebee,", `name: "${hostile}",`);
    const page = await buildFixture(specs, "2025-01-01T00:00Z");
    const doc = page("/us/flagship-bumblebee");
    const blocks = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(3);
    expect(JSON.parse(blocks[2]!.textContent).name).toBe(hostile);
    expect(doc.querySelectorAll("script:not([type])")).toHaveLength(0);
  });
});

/** A digest of every file under `dir`: its path inside `dir` and its bytes. */
/**
 * What builds left beside dist/ besides the output itself: dist is a link to one folder of
 * .dist.builds/, and nothing else (no staging folder, no earlier build, no spare link) remains.
 */
/** What is beside dist/ but its current build and the spare (the build before, kept to be written over). */
function leftovers(root: string): string[] {
  const current = basename(readlinkSync(join(root, "dist")));
  const beside = readdirSync(root).filter((n) => n.startsWith(".") && n !== ".dist.builds");
  const builds = readdirSync(join(root, ".dist.builds")).filter((n) => n !== current && n !== "spare");
  return [...beside, ...builds.map((n) => `.dist.builds/${n}`)];
}

function snapshot(dir: string): string {
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(dir, path)).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

describe("a failed build writes nothing", () => {
  test("site build with a spec error exits 1 and leaves the previous dist/ as it was", async () => {
    const { root, specs } = fixture();
    const first = await siteCommand(["build", "--now", "2025-01-01T00:00Z"], { cwd: root });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^built \d+ pages/m);
    const before = snapshot(join(root, "dist"));

    edit(join(specs, "prices.yaml"), "[1299, 8499]", "[1299]");
    const second = await siteCommand(["build", "--now", "2025-06-01T00:00Z"], { cwd: root });
    expect(second.code).toBe(1);
    expect(second.stdout).toContain("price-row-length");
    expect(second.stdout).toContain("nothing was written");
    expect(second.stdout + second.stderr).not.toMatch(stackTrace);
    expect(snapshot(join(root, "dist"))).toBe(before);
    // No staging folder is left behind either.
    expect(leftovers(root)).toEqual([]);
  });

  test("a build killed at a random moment leaves the previous dist/ whole", async () => {
    const { root } = fixture();
    const started = performance.now();
    // A process of its own: the kills below land across the time a cold process takes.
    expect(runSite(["build", "--now", "2025-01-01T00:00Z"], { cwd: root }).code).toBe(0);
    const buildMs = performance.now() - started;
    const before = snapshot(join(root, "dist"));
    // Kills spread over the time a build takes, from its start to its last renames.
    for (const delay of [0.1, 0.3, 0.5, 0.7, 0.9].map((share) => Math.round((share + Math.random() * 0.1) * buildMs))) {
      const child = spawn(
        process.execPath,
        [join(projectRoot, "bin", "site.js"), "build", "--now", "2025-06-05T00:00+08:00"],
        { cwd: root, stdio: "ignore" },
      );
      // Listened for from the start: a build may finish before the kill.
      const exited = new Promise((r) => child.on("exit", r));
      await new Promise((r) => setTimeout(r, delay));
      child.kill("SIGKILL");
      await exited;
      // Either the kill came first and the old build stands, or the new one finished whole.
      const after = snapshot(join(root, "dist"));
      if (after !== before)
        expect(readFileSync(join(root, "dist", "manifests", "routes.json"), "utf8")).toContain(
          '"now": "2025-06-05T00:00:00.000+08:00"',
        );
    }
    // The next build clears up whatever the killed ones left beside dist/ (in the background).
    expect((await siteCommand(["build", "--now", "2025-01-01T00:00Z"], { cwd: root })).code).toBe(0);
    await expect.poll(() => leftovers(root)).toEqual([]);
    expect(snapshot(join(root, "dist"))).toBe(before);
  });

  test("a build that finds nothing changed clears up what killed builds left, all the same", async () => {
    const { root } = fixture();
    expect((await siteCommand(["build", "--now", "2025-01-01T00:00Z"], { cwd: root })).code).toBe(0);
    const before = snapshot(join(root, "dist"));
    // As a build killed before its swap leaves them: its lock and its unfinished build folder.
    const gone = spawnSync(process.execPath, ["-e", ""]).pid!;
    writeFileSync(join(root, ".dist.lock"), String(gone));
    mkdirSync(join(root, ".dist.builds", `${gone}-killed`, "site"), { recursive: true });
    const again = await siteCommand(["build", "--now", "2025-01-01T00:00Z"], { cwd: root });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("nothing changed");
    expect(snapshot(join(root, "dist"))).toBe(before);
    return expect.poll(() => leftovers(root)).toEqual([]);
  });

  test("--now must carry an offset or zone", () => {
    const { root } = fixture();
    const result = runSite(["build", "--now", "2025-01-01T00:00"], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^site: --now '2025-01-01T00:00' is not an instant: no offset or zone; write it as /);
  });
});

describe("the swap", () => {
  // Every step the swap takes on the file system is watched: after each one, the page must be
  // there, whole, from the old build or the new. A kill can land between any two steps.
  test("never leaves a moment with no output: after every step, dist holds one whole build", () => {
    const root = mkdtempSync(join(tmpdir(), "swap-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const out = join(root, "dist");
    const page = join(out, "site", "index.html");
    const staged = (n: number) => {
      const staging = stagingFolder(out).folder;
      mkdirSync(join(staging, "site"));
      writeFileSync(join(staging, "site", "index.html"), `build ${n}\n`);
      return staging;
    };
    swapIn(staged(0), out);
    const seen: string[] = [];
    const original = { renameSync: fs.renameSync, rmSync: fs.rmSync, symlinkSync: fs.symlinkSync };
    for (const name of Object.keys(original) as (keyof typeof original)[]) {
      (fs as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        (original[name] as (...a: unknown[]) => unknown)(...args);
        seen.push(`${name}: ${fs.existsSync(page) ? fs.readFileSync(page, "utf8").trim() : "no output"}`);
      };
    }
    syncBuiltinESMExports();
    try {
      for (let n = 1; n <= 3; n++) swapIn(staged(n), out);
    } finally {
      Object.assign(fs, original);
      syncBuiltinESMExports();
    }
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.filter((step) => !/: build \d$/.test(step))).toEqual([]);
    expect(fs.readFileSync(page, "utf8")).toBe("build 3\n");
  });

  test("builds started within one millisecond get build folders of their own", () => {
    const root = mkdtempSync(join(tmpdir(), "swap-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const out = join(root, "dist");
    // One millisecond for both, as on a fast machine.
    const now = vi.spyOn(Date, "now").mockReturnValue(Date.parse("2025-06-01T00:00:00Z"));
    try {
      const first = stagingFolder(out).folder;
      writeFileSync(join(first, "kept"), "");
      const second = stagingFolder(out).folder;
      expect(second).not.toBe(first);
      expect(fs.existsSync(join(first, "kept"))).toBe(true);
    } finally {
      now.mockRestore();
    }
  });

  test("a server started on dist/site serves each new build once it is swapped in", async () => {
    const root = mkdtempSync(join(tmpdir(), "swap-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const out = join(root, "dist");
    const files = filesOnDisk(join(out, "site"));
    for (const n of [1, 2]) {
      const staging = stagingFolder(out).folder;
      mkdirSync(join(staging, "site"));
      writeFileSync(join(staging, "site", "index.html"), `build ${n}\n`);
      swapIn(staging, out);
      expect(String(await files.read("index.html"))).toBe(`build ${n}\n`);
    }
  });
});

describe("a build over an earlier one", () => {
  test("links the files it would write unchanged, writes the rest, and gives the site a cold build gives", async () => {
    const { root, specs } = fixture();
    const out = join(root, "dist");
    const now = DateTime.fromISO("2025-06-05T00:00+08:00", { setZone: true });
    const renderLine = async (into: string) => {
      let line = "";
      const built = await build({
        specsDir: specs,
        out: into,
        now,
        onStage: (stage, detail) => stage === "render" && (line = detail),
      });
      expect(built.summary).toBeDefined();
      return { line, pages: built.summary!.pages };
    };
    const inode = (page: string) => statSync(join(out, "site", page, "index.html")).ino;

    const cold = await renderLine(out);
    expect(cold.line).not.toMatch(/unchanged/);
    const [product, cnHome] = [inode("us/flagship-bumblebee"), inode(".")];

    // Nothing changed: nothing is rendered, the output stands.
    const again = await renderLine(out);
    expect(again.line).toBe("");
    expect(inode("us/flagship-bumblebee")).toBe(product);

    edit(join(specs, "prices.yaml"), "[1299, 8499]", "[1199, 8499]");
    const edited = await renderLine(out);
    const unchanged = Number(/(\d+) unchanged/.exec(edited.line)?.[1]);
    expect(unchanged).toBeGreaterThan(0);
    expect(unchanged).toBeLessThan(edited.pages);
    expect(inode("us/flagship-bumblebee")).not.toBe(product);
    expect(readFileSync(join(out, "site", "us", "flagship-bumblebee", "index.html"), "utf8")).toContain("$1,199");
    expect(inode(".")).toBe(cnHome);

    await renderLine(join(root, "cold"));
    expect(snapshot(out)).toBe(snapshot(join(root, "cold")));
  });

  test("over an output with no record (from before records, or of another format), still links what it would write unchanged", async () => {
    const { root, specs } = fixture();
    const out = join(root, "dist");
    const now = DateTime.fromISO("2025-06-05T00:00+08:00", { setZone: true });
    expect((await build({ specsDir: specs, out, now })).summary).toBeDefined();
    rmSync(join(fs.realpathSync(out), ".site-record.json"));
    const inode = (path: string) => statSync(join(out, path)).ino;
    const before = {
      page: inode("site/index.html"),
      manifest: inode("manifests/index.json"),
      robots: inode("site/robots.txt"),
    };

    edit(join(specs, "prices.yaml"), "[1299, 8499]", "[1199, 8499]");
    expect((await build({ specsDir: specs, out, now })).summary).toBeDefined();
    // Found the same by reading them: the cn home, its manifest and robots.txt are the earlier files.
    expect({
      page: inode("site/index.html"),
      manifest: inode("manifests/index.json"),
      robots: inode("site/robots.txt"),
    }).toEqual(before);
    expect(readFileSync(join(out, "site", "us", "flagship-bumblebee", "index.html"), "utf8")).toContain("$1,199");
    expect((await build({ specsDir: specs, out: join(root, "cold"), now })).summary).toBeDefined();
    expect(snapshot(out)).toBe(snapshot(join(root, "cold")));
  });
});

describe("a build whose inputs have not changed", () => {
  test("shows the last build's warnings again where they were, without a check", () => {
    // A site with a warning left standing is still built once: the warning is in the record.
    const project = materialize("page-head-shared");
    try {
      const at = (instant: string) => ["--out", "dist", "--now", instant];
      const first = runSite(["build", ...at("2025-06-05T00:00+08:00")], { cwd: project.root });
      expect(first.code, first.stdout).toBe(0);
      const warning = (stdout: string) =>
        stdout.slice(stdout.indexOf("specs/content/shipping.yaml:3:16 warning"), stdout.indexOf("\n\n"));
      expect(warning(first.stdout)).toMatch(
        /^specs\/content\/shipping\.yaml:3:16 warning page-head-shared .*\n.*\n > 3 \|/,
      );

      const again = runSite(["build", ...at("2025-06-05T00:00+08:00")], { cwd: project.root });
      expect(again.code, again.stdout).toBe(0);
      expect(again.stdout).toMatch(/^check +nothing changed since the last build/m);
      expect(again.stdout).not.toMatch(/^render /m);
      expect(warning(again.stdout)).toBe(warning(first.stdout));

      // A day later, before the next window opens: the output restamped, the warning as before.
      const later = runSite(["build", ...at("2025-06-06T00:00+08:00")], { cwd: project.root });
      expect(later.stdout).toMatch(/^check +nothing changed, and no window opened or closed/m);
      expect(warning(later.stdout)).toBe(warning(first.stdout));

      // From another folder the paths a message names differ: checked again, and named from there.
      const elsewhere = runSite(["build", "--specs", ".", "--out", "../dist", "--now", "2025-06-06T00:00+08:00"], {
        cwd: join(project.root, "specs"),
      });
      expect(elsewhere.stdout).toMatch(/^check +\d+ spec files/m);
      expect(elsewhere.stdout).toMatch(/^content\/shipping\.yaml:3:16 warning page-head-shared/m);
    } finally {
      project.cleanup();
    }
  });
});

describe("render threads", () => {
  test("a build on worker threads writes the same site, byte for byte, as one on the main thread", async () => {
    const root = mkdtempSync(join(tmpdir(), "site-threads-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });
    const specsDir = join(projectRoot, "specs");
    const single = await build({ specsDir, out: join(root, "single"), now, threads: 0 });
    const threaded = await build({ specsDir, out: join(root, "threaded"), now, threads: 2 });
    expect(threaded.summary!.pages).toBe(single.summary!.pages);
    expect(threaded.summary!.pages).toBeGreaterThan(150);
    expect(threaded.summary!.heaviest).toEqual(single.summary!.heaviest);
    expect(snapshot(join(root, "threaded"))).toBe(snapshot(join(root, "single")));
  });

  test("a page that fails to render on a thread fails the whole render, with the stack kept out of the message", async () => {
    const root = mkdtempSync(join(tmpdir(), "site-threads-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const model = check(join(projectRoot, "specs")).model!;
    const routes = compile(model, DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true })).routes.filter(
      (r) => r.data,
    );
    const jobs: PageJob[] = routes.map((r) => ({
      data: r.data!,
      file: join("site", r.manifest.file),
      manifestFile: `manifests/${r.manifest.region}-${r.manifest.page}.json`,
      manifest: r.manifest,
    }));
    // A template that throws, as a broken one would: this page names a kind nobody renders.
    jobs[40] = {
      ...jobs[40]!,
      data: { ...jobs[40]!.data, route: { ...jobs[40]!.data.route, template: "no-such-template" as never } },
    };
    const assets = {
      script: "/assets/main.js",
      styles: { shared: "/assets/style.css", shapes: {} },
      preloads: { runtime: [], react: [], islands: {} },
    };
    const failure = await renderPages(jobs, assets, { staging: root, previous: null }, 2, {
      base: "",
      pages: {},
      here: {},
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/^a page failed to render: /);
    expect(failure?.message).not.toMatch(stackTrace);
    expect(failure?.stack).toMatch(stackTrace);
  });
});
