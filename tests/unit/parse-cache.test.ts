// What earlier runs parsed is reused only while a file is as it was: an edit is always seen, a
// file with errors reports them on every run, and a broken cache is as good as none.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { LoadCache } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { check } from "../../compiler/pipeline.ts";
import { projectRoot } from "../../compiler/project.ts";
import { writeSettled } from "../support/file-times.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
const prices = join(specs, "prices.yaml");
afterAll(() => fixture.cleanup());

/** site check as the CLI runs it: the cache opened, used and saved. */
function checkCached() {
  const parsed = ParseCache.open(specs);
  const result = check(specs, fixture.root, { parsed });
  parsed.save();
  return result;
}

const codes = (result: ReturnType<typeof check>) =>
  result.diagnostics.map((d) => `${d.code} ${d.location.file}`).sort();

describe("the parse cache", () => {
  test("gives the model a fresh parse gives, and sees every edit", () => {
    const fresh = check(specs, fixture.root);
    checkCached();
    expect(existsSync(ParseCache.fileOf(specs))).toBe(true);
    const written = statSync(ParseCache.fileOf(specs)).mtimeMs;
    const reused = checkCached();
    // Everything was found as it was: nothing parsed, so nothing written.
    expect(statSync(ParseCache.fileOf(specs)).mtimeMs).toBe(written);
    expect(codes(reused)).toEqual(codes(fresh));
    expect(reused.model!.price("flagshipBumblebee", "us")).toBe(1299);

    // An edit of the same size: the modification time tells.
    const text = readFileSync(prices, "utf8");
    writeFileSync(prices, text.replace("[1299, 8499]", "[1199, 8499]"));
    expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1199);
    writeFileSync(prices, text);
    expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1299);
  });

  test("a run that parsed a few files writes them beside the whole, which is written again once they outgrow a quarter of it or a file is gone", () => {
    checkCached();
    const whole = ParseCache.fileOf(specs);
    const edits = ParseCache.editsFileOf(specs);
    const wholeWritten = () => statSync(whole).mtimeMs;
    const first = wholeWritten();
    const text = readFileSync(prices, "utf8");
    try {
      writeSettled(prices, text.replace("[1299, 8499]", "[1199, 8499]"));
      expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1199);
      expect(wholeWritten()).toBe(first);
      expect(existsSync(edits)).toBe(true);
      // Read back from the small file: nothing parsed, nothing written.
      const editsWritten = statSync(edits).mtimeMs;
      expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1199);
      expect(statSync(edits).mtimeMs).toBe(editsWritten);
    } finally {
      writeSettled(prices, text);
    }
    expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1299);
    expect(wholeWritten()).toBe(first);

    // Every content file edited: more than a quarter of the whole.
    const contentDir = join(specs, "content");
    const contents = readdirSync(contentDir)
      .filter((name) => name.endsWith(".yaml"))
      .map((name) => [join(contentDir, name), readFileSync(join(contentDir, name), "utf8")]);
    try {
      for (const [path, original] of contents) writeSettled(path!, `${original}\n# edited\n`);
      checkCached();
      expect(wholeWritten()).toBeGreaterThan(first);
      expect(existsSync(edits)).toBe(false);
    } finally {
      for (const [path, original] of contents) writeSettled(path!, original!);
    }

    // A file gone: the whole is written without it (from a cache made afresh, the small file holding one edit).
    ParseCache.clear(specs);
    checkCached();
    try {
      writeSettled(prices, text.replace("[1299, 8499]", "[1199, 8499]"));
      checkCached();
      expect(existsSync(edits)).toBe(true);
    } finally {
      writeSettled(prices, text);
    }
    const extra = join(specs, "content", "zz-gone.yaml");
    writeSettled(extra, "# a note\n");
    try {
      checkCached();
    } finally {
      rmSync(extra);
    }
    const beforeGone = wholeWritten();
    expect(codes(checkCached())).toEqual([]);
    expect(wholeWritten()).toBeGreaterThan(beforeGone);
    expect(existsSync(edits)).toBe(false);
  });

  test("a file written again in the tick of the file clock it was read in, at the same size, is read again", () => {
    // Two versions of a file with one size and one time, as two saves within a few milliseconds
    // get: the stamp of a file that had only just changed proves nothing.
    const text = readFileSync(prices, "utf8");
    const tick = (Date.now() - 100) / 1000;
    const cache: LoadCache = new Map();
    try {
      writeFileSync(prices, text.replace("[1299, 8499]", "[1199, 8499]"));
      utimesSync(prices, tick, tick);
      expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1199);
      expect(check(specs, fixture.root, { cache }).model!.price("flagshipBumblebee", "us")).toBe(1199);
      writeFileSync(prices, text.replace("[1299, 8499]", "[1099, 8499]"));
      utimesSync(prices, tick, tick);
      expect(checkCached().model!.price("flagshipBumblebee", "us"), "site check, site build").toBe(1099);
      expect(check(specs, fixture.root, { cache }).model!.price("flagshipBumblebee", "us"), "site dev").toBe(1099);
    } finally {
      writeFileSync(prices, text);
    }
  });

  test("never keeps a file that has errors: they are reported on every run", () => {
    const text = readFileSync(prices, "utf8");
    writeFileSync(prices, text.replace("[1299, 8499]", "[1299, 8499"));
    try {
      for (let run = 0; run < 2; run++) expect(codes(checkCached())).toContain("yaml-syntax specs/prices.yaml");
    } finally {
      writeFileSync(prices, text);
    }
    expect(codes(checkCached())).toEqual([]);
  });

  test("a cache file that cannot be read is as good as none", () => {
    checkCached();
    writeFileSync(ParseCache.fileOf(specs), "not a cache");
    expect(codes(checkCached())).toEqual([]);
    expect(checkCached().model!.price("flagshipBumblebee", "us")).toBe(1299);
  });

  test("the project's own specs keep their cache however many other folders are checked after them", () => {
    const own = join(projectRoot, "specs");
    const parsed = ParseCache.open(own);
    check(own, projectRoot, { parsed });
    parsed.save();
    const ownCache = ParseCache.fileOf(own);
    // Written hours ago, as before a test run; the folders checked after it are as many as the
    // cache keeps, and one more.
    const earlier = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(ownCache, earlier, earlier);
    const others = Array.from({ length: 9 }, () => materialize("base"));
    try {
      for (const other of others) {
        const otherSpecs = join(other.root, "specs");
        const cache = ParseCache.open(otherSpecs);
        check(otherSpecs, other.root, { parsed: cache });
        cache.save();
      }
      expect(existsSync(ownCache)).toBe(true);
    } finally {
      for (const other of others) other.cleanup();
    }
  });
});
