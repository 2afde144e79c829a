// site build of large specs reads and parses the files on every core before load() runs. What it
// checks and compiles must be exactly what a plain load gives, diagnostics and positions
// included, and a file saved after it was read ahead is read again.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { afterAll, describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { fastData } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { position } from "../../cli/print/diagnostics.ts";
import { readAhead } from "../../compiler/load/read-ahead.ts";
import { writeSyntheticSpecs } from "../bench/synthetic.ts";
import { projectRoot } from "../support/cli.ts";

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
    expect(ahead!.get(tagged)!.parsed?.data).toHaveProperty("product");
    const plain = summary(check(specs, root));
    expect(plain.diagnostics.map((d) => d.code)).toContain("unknown-placeholder");
    expect(summary(check(specs, root, { ahead }))).toEqual(plain);
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
