// site build of large specs reads and parses the files on every core before load() runs. What it
// checks and compiles must be exactly what a plain load gives, diagnostics and positions
// included, and a file saved after it was read ahead is read again.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { DateTime } from "luxon";
import { afterAll, describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { fastData, type ReadAhead, readSpecFile } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { position } from "../../cli/print/diagnostics.ts";
import { readAhead, yamlFilesBelow } from "../../compiler/load/read-ahead.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { writeSyntheticSpecs } from "../bench/synthetic.ts";
import { projectRoot } from "../support/cli.ts";
import { settleTree } from "../support/file-times.ts";

const root = mkdtempSync(join(tmpdir(), "site-read-ahead-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const specs = join(root, "specs");
// About 1.2 MB of YAML, read as a site of four times its size would be: on two threads (a build
// starts them from 4 MB a thread).
writeSyntheticSpecs(join(projectRoot, "specs"), specs, 400);
const BYTES_PER_THREAD = 256 * 1024;
// One generated product page with a mistake for the checker to find and place.
const product = join(specs, "content", readdirSync(join(specs, "content")).find((f) => f.endsWith("-mk-00007.yaml"))!);
writeFileSync(product, readFileSync(product, "utf8").replace(/(\n +tagline: )/, "$1Number {chapterNumber}, "));
// And one the fast parser declines (a tag), clean: the thread reads it the positioned way.
const tagged = join(specs, "content", readdirSync(join(specs, "content")).find((f) => f.endsWith("-mk-00008.yaml"))!);
writeFileSync(tagged, readFileSync(tagged, "utf8").replace(/(\n +tagline: )/, "$1!!str "));
// Settled, as files saved more than a moment ago are: the parse cache keeps only those.
settleTree(specs);

const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });
const summary = (result: ReturnType<typeof check>) => ({
  diagnostics: result.diagnostics.map((d) => position(d, result.sources)),
  routes: JSON.stringify(compile(result.model!, now).routes.map((r) => r.data)),
});

describe("read-ahead", () => {
  test("gives what a plain load gives, the diagnostics' positions included", async () => {
    const ahead = await readAhead(specs, undefined, BYTES_PER_THREAD);
    // Read at all (on two threads or more: too little for two and it reads nothing), every file.
    expect(ahead?.size).toBe(readdirSync(specs, { recursive: true }).filter((f) => String(f).endsWith(".yaml")).length);
    expect(fastData(readFileSync(tagged, "utf8"))).toBeUndefined();
    // Parsed on this thread (its data) or on another (its data serialized, as the thread sent it).
    const parsed = ahead!.get(tagged)!.parsed;
    expect(parsed && ("data" in parsed ? parsed.data : deserialize(parsed.serialized))).toHaveProperty("product");
    const plain = summary(check(specs, root));
    expect(plain.diagnostics.map((d) => d.code)).toContain("unknown-placeholder");
    expect(summary(check(specs, root, { ahead }))).toEqual(plain);
  });

  test("what a thread sends serialized is checked as a plain load checks it, and kept by the parse cache as sent", () => {
    // Every file as a read-ahead thread sends it: its data serialized (read-ahead.ts, readShare).
    const ahead: ReadAhead = new Map(
      yamlFilesBelow(specs).map((path) => {
        const { parsed, ...file } = readSpecFile(path, { positioned: true });
        return [path, { ...file, parsed: parsed && { serialized: serialize(parsed.data) } }];
      }),
    );
    ParseCache.clear(specs);
    const parsed = ParseCache.open(specs);
    const sent = summary(check(specs, root, { parsed, ahead }));
    parsed.save();
    try {
      expect(sent).toEqual(summary(check(specs, root)));
      // Kept as sent: the next check reads every file from the cache and gives the same.
      const again = ParseCache.open(specs);
      expect(again.lookup(tagged)).toBeDefined();
      expect(summary(check(specs, root, { parsed: again }))).toEqual(sent);
    } finally {
      ParseCache.clear(specs);
    }
  });

  test("a file saved after it was read ahead is read again", async () => {
    const ahead = await readAhead(specs, undefined, BYTES_PER_THREAD);
    expect(ahead?.has(join(specs, "prices.yaml"))).toBe(true);
    const prices = join(specs, "prices.yaml");
    const original = readFileSync(prices, "utf8");
    writeFileSync(prices, `${original}\n`.replace("[1299, 1299, 1599", "[1199, 1299, 1599"));
    try {
      expect(check(specs, root, { ahead }).model!.price("flagshipBumblebee", "us")).toBe(1199);
    } finally {
      writeFileSync(prices, original);
    }
  });
});
