// site build replaces its --out folder whole, so it refuses every folder that is not its own
// earlier output: the project, the specs, a git work tree, a folder of someone's files. Two builds
// never write into one folder at once.
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { type RunResult, siteCommand, stackTrace } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

const NOW = "2025-06-10T12:00+08:00";
let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

/** A project folder: specs/ (the base fixture), a .git folder and a file of the user's. */
function project(): string {
  const { root, cleanup } = materialize("base");
  cleanups.push(cleanup);
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".git", "HEAD"), "ref: refs/heads/main\n");
  writeFileSync(join(root, "notes.txt"), "not committed yet\n");
  return root;
}

const build = (root: string, out: string, specs = "specs") =>
  siteCommand(["build", "--specs", specs, "--out", out, "--now", NOW], { cwd: root });

function expectRefused(result: RunResult, says: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(says);
  expect(result.stderr.trim().split("\n")).toHaveLength(1);
  expect(result.stderr + result.stdout).not.toMatch(stackTrace);
}

test("--out . in a project folder is refused, and the project is left whole", async () => {
  const root = project();
  expectRefused(await build(root, "."), /^site: --out \. is the current folder/);
  for (const entry of [".git", "specs", "notes.txt"]) expect(existsSync(join(root, entry)), entry).toBe(true);
});

test("--out / is refused as the root, named as written", async () => {
  expectRefused(await build(project(), "/"), /^site: --out \/ is the root of the file system/);
});

test("--out specs, or a folder that contains the specs, is refused", async () => {
  const root = project();
  expectRefused(await build(root, "specs"), /--out specs is the specs/);
  expectRefused(await build(join(root, "specs"), "..", "."), /^site: --out \.\. contains the current folder/);
  expect(readdirSync(join(root, "specs")).length).toBeGreaterThan(3);
});

test("a git work tree or a folder of someone's files is refused; a new folder is built", async () => {
  const root = project();
  mkdirSync(join(root, "other", ".git"), { recursive: true });
  expectRefused(await build(root, "other"), /is a git work tree/);
  mkdirSync(join(root, "photos"));
  writeFileSync(join(root, "photos", "holiday.jpg"), "jpg");
  expectRefused(await build(root, "photos"), /holds files that are not a site build \(holiday\.jpg\)/);
  // Named as written: an absolute path as it is, not as ../.. from the current folder.
  const written = join(root, "photos");
  expect((await build(join(root, "specs"), written, ".")).stderr).toContain(`site: --out ${written} holds files`);
  expect(existsSync(join(root, "photos", "holiday.jpg"))).toBe(true);
  const fresh = await build(root, "dist");
  expect(fresh.code, fresh.stderr).toBe(0);
  expect(existsSync(join(root, "dist", ".site-output"))).toBe(true);
  // However --out is written, it is the same output: it stands.
  expect((await build(root, "./dist/")).stdout).toMatch(/^check +nothing changed/m);
});

test("a link to a folder that is not one of the output's builds is refused, and the folder is left whole", async () => {
  const root = project();
  mkdirSync(join(root, "www"));
  writeFileSync(join(root, "www", "index.html"), "hand-written");
  symlinkSync("www", join(root, "dist"));
  expectRefused(await build(root, "dist"), /--out dist is a link to a folder that is not one of its builds/);
  expect(readFileSync(join(root, "www", "index.html"), "utf8")).toBe("hand-written");
});

test("dist is a link to its newest build, swapped by each build; the one before is kept as the spare, earlier ones cleared away", async () => {
  const root = project();
  const builds = join(root, ".dist.builds");
  let saves = 0;
  const buildAgain = async () => {
    // A spec saved again: a build with nothing changed would leave the last build standing.
    const later = new Date(Date.now() + 5_000 * ++saves);
    utimesSync(join(root, "specs", "prices.yaml"), later, later);
    expect((await build(root, "dist")).code).toBe(0);
    return readlinkSync(join(root, "dist"));
  };
  expect((await build(root, "dist")).code).toBe(0);
  const first = readlinkSync(join(root, "dist"));
  const firstFolder = statSync(join(root, first)).ino;
  const second = await buildAgain();
  expect(second).not.toBe(first);
  expect(second).toMatch(/^\.dist\.builds\//);
  expect(readdirSync(builds).sort()).toEqual([second.split("/")[1], "spare"].sort());
  expect(statSync(join(builds, "spare")).ino).toBe(firstFolder);
  // The third build is written over the first's folder; the second's becomes the spare.
  const secondFolder = statSync(join(root, second)).ino;
  const third = await buildAgain();
  expect(statSync(join(root, third)).ino).toBe(firstFolder);
  expect(statSync(join(builds, "spare")).ino).toBe(secondFolder);
  await expect.poll(() => readdirSync(builds).sort()).toEqual([third.split("/")[1], "spare"].sort());
});

test("an earlier output is replaced, with a stamp or, from before stamps, by its shape", async () => {
  const root = project();
  expect((await build(root, "dist")).code).toBe(0);
  expect((await build(root, "dist")).code).toBe(0);
  // An output written before outputs were stamped: site/, manifests/, generated/ and nothing else.
  mkdirSync(join(root, "old", "site"), { recursive: true });
  mkdirSync(join(root, "old", "manifests"));
  expect((await build(root, "old")).code).toBe(0);
});

test("a second build into the same folder while one runs is refused; a lock left by a killed build is taken over", async () => {
  const root = project();
  const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"]);
  try {
    writeFileSync(join(root, ".dist.lock"), String(sleeper.pid));
    expectRefused(
      await build(root, "dist"),
      new RegExp(`another site build \\(process ${sleeper.pid}\\) is writing to`),
    );
  } finally {
    sleeper.kill();
  }
  await new Promise((resolve) => sleeper.once("exit", resolve));
  // Its process is gone: the lock is stale.
  const result = await build(root, "dist");
  expect(result.code, result.stderr).toBe(0);
  expect(existsSync(join(root, ".dist.lock"))).toBe(false);
});

test("a refused --out is refused before the specs are read: no check line, and errors in the specs do not come first", async () => {
  const root = project();
  // A spec error that `site check` would report with exit code 1.
  writeFileSync(join(root, "specs", "prices.yaml"), "columns: [us, cn\n");
  const result = await build(root, ".");
  expectRefused(result, /^site: --out \. is the current folder/);
  expect(result.stdout).not.toMatch(/^check /m);
});
