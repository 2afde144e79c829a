// What earlier runs parsed is reused only while a file is as it was: an edit is always seen, a
// file with errors reports them on every run, and a broken cache is as good as none. A file that
// passed validate is not validated again while its data, the schemas and the code are the same.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterAll, describe, expect, test } from "vitest";
import { type LoadCache, load } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { check } from "../../compiler/pipeline.ts";
import { projectRoot } from "../../compiler/project.ts";
import { checksToken, validate } from "../../compiler/validate/index.ts";
import { printPretty } from "../../cli/print/diagnostics.ts";
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

  // A file that does not parse is not kept; one that parses but fails its schema is kept
  // without the token of the checks it failed (settled, so that only that keeps it from passing);
  // one without its schema comment is kept with its first line, which is checked on every run.
  test.each([
    ["does not parse", (text: string) => text.replace("[1299, 8499]", "[1299, 8499"), "yaml-syntax"],
    ["fails its schema", (text: string) => text.replace("[1299, 8499]", '[1299, "cheap"]'), "price-not-a-number"],
    ["lacks its schema comment", (text: string) => text.replace(/^[^\n]*/, "# prices"), "schema-comment"],
  ])("a file that %s reports it on every run", (_, edit, code) => {
    const text = readFileSync(prices, "utf8");
    writeSettled(prices, edit(text));
    try {
      for (let run = 0; run < 2; run++) expect(codes(checkCached())).toContain(`${code} specs/prices.yaml`);
    } finally {
      writeSettled(prices, text);
    }
    expect(codes(checkCached())).toEqual([]);
  });

  test("a file that passed validate is not validated again while the schemas and the code stay the same", () => {
    checkCached();
    const token = checksToken();
    expect(ParseCache.open(specs).lookup(prices)?.passed).toBe(token);
    const { documents } = load(specs, fixture.root, { parsed: ParseCache.open(specs) }).value;
    const table = documents.find((d) => d.kind === "prices")!;
    expect(table.checksPassed).toBe(token);
    // Data that would fail, under the token it passed with: taken as passed, not looked at.
    table.data = { ...(table.data as object), columns: "not a list" };
    expect(validate({ dir: specs, documents: [table] }, token).diagnostics).toEqual([]);
    // Under other code (or schemas: checksToken hashes both), it is validated again.
    const otherCode = checksToken("another compiler");
    expect(otherCode).not.toBe(token);
    expect(validate({ dir: specs, documents: [table] }, otherCode).diagnostics.map((d) => d.code)).toContain(
      "wrong-type",
    );
  });

  test("what link's rules found besides the prices is kept beside the data, and taken while only prices.yaml changes", () => {
    rmSync(ParseCache.linkFileOf(specs), { force: true });
    const fresh = checkCached();
    const kept = ParseCache.linkFileOf(specs);
    const written = statSync(kept).mtimeMs;
    const text = readFileSync(prices, "utf8");
    try {
      writeSettled(prices, text.replace("[1299, 8499]", "[1199, 8499]"));
      const edited = checkCached();
      // Taken, so not written again; and the table's own rules ran on the new prices.
      expect(statSync(kept).mtimeMs).toBe(written);
      expect(edited.model!.price("flagshipBumblebee", "us")).toBe(1199);
      expect(codes(edited)).toEqual(codes(fresh));
    } finally {
      writeSettled(prices, text);
    }
    const pages = join(specs, "pages.yaml");
    const pagesText = readFileSync(pages, "utf8");
    try {
      writeSettled(pages, `${pagesText}\n`);
      checkCached();
      expect(statSync(kept).mtimeMs).not.toBe(written);
    } finally {
      writeSettled(pages, pagesText);
    }
  });

  test("what the text rules found in a file is kept with its data, and found again when what else they read changes", () => {
    // Japanese under zh, and an English sentence copied into zh: two warnings of home.yaml.
    const home = join(specs, "content", "home.yaml");
    const catalogue = join(specs, "catalogue.yaml");
    const site = join(specs, "site.yaml");
    const originals = [home, catalogue, site].map((path) => [path, readFileSync(path, "utf8")] as const);
    const sentence = "Robots that transform in seconds.";
    const textCodes = new Set(["text-in-other-language", "untranslated-text"]);
    const homeWarnings = () =>
      checkCached()
        .diagnostics.filter((d) => d.location.file.endsWith("home.yaml") && textCodes.has(d.code))
        .map((d) => d.code)
        .sort();
    try {
      writeSettled(
        home,
        originals[0]![1]
          .replace("subtitle: Robots that transform.", `subtitle: ${sentence}`)
          .replace("zh: { title: 让生活更有趣 }", `zh: { title: ロボットの世界へ, subtitle: ${sentence} }`),
      );
      expect(homeWarnings()).toEqual(["text-in-other-language", "untranslated-text"]);
      // The second run takes both from the cache, as the first left them.
      expect(Object.keys(ParseCache.open(specs).lookup(home)?.derived ?? {}).sort()).toEqual([
        "copied-english",
        "gifts",
        "spans",
        "texts",
      ]);
      expect(homeWarnings()).toEqual(["text-in-other-language", "untranslated-text"]);

      // A product named with the sentence: it is a name, not English left untranslated. home.yaml
      // is as it was; the catalogue's names are part of what the copied-English finding read.
      writeSettled(catalogue, originals[1]![1].replace("name: Flagship Bumblebee,", `name: "Flagship ${sentence}",`));
      expect(homeWarnings()).toEqual(["text-in-other-language"]);

      // cn speaks Japanese: zh is no longer a language of the site, and nothing says what its texts are written in.
      writeSettled(site, originals[2]![1].replace("locale: zh-CN", "locale: ja-JP"));
      expect(homeWarnings()).toEqual([]);
    } finally {
      for (const [path, text] of originals) writeSettled(path, text);
    }
  });

  test("an edit of the catalogue works the content files' findings out again without writing their data again", () => {
    ParseCache.clear(specs);
    checkCached();
    const whole = ParseCache.fileOf(specs);
    const wholeWritten = statSync(whole).mtimeMs;
    const derivedBefore = readFileSync(ParseCache.derivedFileOf(specs));
    const catalogue = join(specs, "catalogue.yaml");
    const text = readFileSync(catalogue, "utf8");
    try {
      // Every content file's copied-English finding read the catalogue's names: all are worked out again.
      writeSettled(catalogue, text.replace("name: AI Base,", "name: AI Dock,"));
      checkCached();
      expect(statSync(whole).mtimeMs).toBe(wholeWritten);
      const edited = deserialize(readFileSync(ParseCache.editsFileOf(specs))) as { entries: [string, unknown][] };
      expect(edited.entries.map(([path]) => path)).toEqual([catalogue]);
      expect(readFileSync(ParseCache.derivedFileOf(specs)).equals(derivedBefore)).toBe(false);
    } finally {
      writeSettled(catalogue, text);
    }
  });

  test("a product page's title naming another product is found again when the catalogue renames that product", () => {
    const page = join(specs, "content", "flagship-bumblebee.yaml");
    const catalogue = join(specs, "catalogue.yaml");
    const originals = [page, catalogue].map((path) => [path, readFileSync(path, "utf8")] as const);
    const titleWarnings = () =>
      checkCached()
        .diagnostics.filter((d) => d.code === "page-title-other-product")
        .map((d) => `${d.location.file} ${d.message}`);
    try {
      writeSettled(page, originals[0]![1].replace("title: Flagship Bumblebee,", "title: AI Base for beginners,"));
      const warned = titleWarnings();
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain("AI Base");
      // Taken from the cache, as the first run left it.
      expect(titleWarnings()).toEqual(warned);
      // The title is as it was; the name it held is no product's now.
      writeSettled(catalogue, originals[1]![1].replace("name: AI Base,", "name: AI Dock,"));
      expect(titleWarnings()).toEqual([]);
    } finally {
      for (const [path, text] of originals) writeSettled(path, text);
    }
  });

  test("a problem found in a file read from the cache shows the same place and code frame as a fresh read", () => {
    checkCached();
    // The product renamed (and its alias with it): the unchanged page list and price table, both
    // cached, now name one that does not exist.
    const catalogue = join(specs, "catalogue.yaml");
    const text = readFileSync(catalogue, "utf8");
    writeSettled(
      catalogue,
      text
        .replace(/\bflagshipBumblebee:/, "flagshipBumblebeeRenamed:")
        .replace(/aliasOf: flagshipBumblebee\b/, "aliasOf: flagshipBumblebeeRenamed"),
    );
    try {
      const fresh = check(specs, fixture.root);
      const cached = checkCached();
      const inCachedFiles = cached.diagnostics.filter((d) => /(pages|prices)\.yaml$/.test(d.location.file));
      expect(inCachedFiles.length).toBeGreaterThan(0);
      const printed = printPretty(cached.diagnostics, cached.sources);
      expect(printed).toContain("flagshipBumblebee");
      expect(printed).toBe(printPretty(fresh.diagnostics, fresh.sources));
    } finally {
      writeSettled(catalogue, text);
    }
  });

  test("a check with nothing changed reads back the data of no content file", () => {
    checkCached();
    const fresh = checkCached();
    // Every content file's data made unreadable: a check that read any of it would throw.
    for (const file of [ParseCache.fileOf(specs), ParseCache.editsFileOf(specs)]) {
      if (!existsSync(file)) continue;
      const stored = deserialize(readFileSync(file)) as { entries: [string, { bytes: Uint8Array }][] };
      for (const [path, entry] of stored.entries)
        if (path.includes(`${sep}content${sep}`)) entry.bytes = Buffer.from("not serialized data");
      writeFileSync(file, serialize(stored));
    }
    try {
      expect(codes(checkCached())).toEqual(codes(fresh));
    } finally {
      ParseCache.clear(specs);
    }
  });

  test("a problem reported again in a file not changed since is placed where the first run placed it, and anew once the file changes", () => {
    const pages = join(specs, "pages.yaml");
    const text = readFileSync(pages, "utf8");
    const placed = (result: ReturnType<typeof check>) =>
      result.diagnostics.map((d) => `${d.code} ${d.location.file}@${d.location.offset}+${d.location.length}`);
    try {
      writeSettled(pages, text.replace("product: flagshipBumblebee }", "product: flagshipBumblebeez }"));
      const first = checkCached();
      expect(first.diagnostics.map((d) => d.code)).toContain("unknown-product");
      // The span is kept with the file, by its stamp: the next run places the problem without it.
      expect(Object.keys(ParseCache.open(specs).lookup(pages)?.derived ?? {})).toContain("spans");
      expect(placed(checkCached())).toEqual(placed(first));
      // A line added above it: the file's stamp changed, and the problem is placed in the new text.
      writeSettled(
        pages,
        text.replace("product: flagshipBumblebee }", "product: flagshipBumblebeez }").replace("\n", "\n\n"),
      );
      const moved = checkCached();
      expect(placed(moved)).toEqual(placed(check(specs, fixture.root)));
      expect(placed(moved)).not.toEqual(placed(first));
    } finally {
      writeSettled(pages, text);
    }
  });

  test("a file whose kept data no longer reads back is parsed again", () => {
    const fresh = checkCached();
    const file = ParseCache.fileOf(specs);
    const stored = deserialize(readFileSync(file)) as { entries: [string, { bytes: Uint8Array }][] };
    for (const [, entry] of stored.entries) entry.bytes = Buffer.from("not serialized data");
    writeFileSync(file, serialize(stored));
    rmSync(ParseCache.editsFileOf(specs), { force: true });
    rmSync(ParseCache.linkFileOf(specs), { force: true });
    try {
      const again = checkCached();
      expect(codes(again)).toEqual(codes(fresh));
      expect(again.model!.price("flagshipBumblebee", "us")).toBe(1299);
    } finally {
      ParseCache.clear(specs);
    }
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
