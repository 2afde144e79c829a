// Builds are incremental by default: a build whose inputs are those of the output it replaces
// leaves that output as it is, and a build after an edit renders only the pages the edit reaches,
// linking the others from the previous output; either way the output is the one a cold build
// makes, byte for byte.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { afterAll, expect, test } from "vitest";
import { build } from "../../compiler/pipeline.ts";
import { projectRoot } from "../support/cli.ts";
import { settleTree, writeSettled } from "../support/file-times.ts";

const root = mkdtempSync(join(tmpdir(), "site-incremental-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const specs = join(root, "specs");
cpSync(join(projectRoot, "specs"), specs, { recursive: true });
settleTree(specs);
const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });

/** Builds the specs into `out` (on `threads` render threads); answers with what the check and render stages said. */
async function buildInto(out: string, at = now, threads?: number) {
  const said = new Map<string, string>();
  const built = await build({
    specsDir: specs,
    out,
    now: at,
    ...(threads === undefined ? {} : { threads }),
    onStage: (stage, detail) => said.set(stage, detail),
  });
  expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return {
    summary: built.summary!,
    check: said.get("check") ?? "",
    compile: said.get("compile") ?? "",
    render: said.get("render") ?? "",
  };
}

const page = (out: string, path: string) => join(out, "site", path, "index.html");

test("nothing changed: the output stands as it is and nothing is rendered or written", async () => {
  const out = join(root, "unchanged");
  const first = await buildInto(out);
  const folder = realpathSync(out);
  const again = await buildInto(out);
  expect(again.check).toMatch(/^nothing changed/);
  expect(again.render).toBe("");
  expect(realpathSync(out)).toBe(folder);
  const { ms: _a, ...before } = first.summary;
  const { ms: _b, ...after } = again.summary;
  expect(after).toEqual(before);

  // A spec file saved again without a change is an input that may have changed: checked, and
  // every page linked from the previous output, none rendered.
  const prices = join(specs, "prices.yaml");
  const later = new Date(Date.now() + 5_000);
  utimesSync(prices, later, later);
  const touched = await buildInto(out);
  expect(touched.check).not.toMatch(/^nothing changed/);
  expect(touched.render).toContain(`${touched.summary.pages} unchanged (${touched.summary.pages} not rendered again)`);
});

test("an edited price: only the pages that show it are rendered, and the output is a cold build's, byte for byte", async () => {
  const out = join(root, "edited");
  await buildInto(out);
  const product = statSync(page(out, "uk/flagship-bumblebee")).ino;
  const usHome = statSync(page(out, "us")).ino;

  // Grimlock's us price shows in the us menus, so on every us page, and nowhere else.
  const prices = join(specs, "prices.yaml");
  const text = readFileSync(prices, "utf8");
  expect(text).toContain("[1699, 1599,");
  // Settled, as an edit saved a while before the build is: the record of a build that read a file
  // only just saved does not vouch for its inputs (write/record.ts), so it would differ from the
  // cold build's in that.
  writeSettled(prices, text.replace("[1699, 1599,", "[1689, 1599,"));
  const edited = await buildInto(out);
  // The routes whose inputs the edit did not change are not even compiled: the last build's notes
  // say what each read.
  const [, routes, kept] = /^(\d+) routes, (\d+) kept from the last build/.exec(edited.compile) ?? [];
  // Compiled: the routes whose own page shows the price (Grimlock's us page, the us home and the
  // like), a handful; the other us pages are kept, their new menu put into their recorded HTML.
  expect(Number(routes) - Number(kept)).toBeGreaterThan(0);
  expect(Number(routes) - Number(kept)).toBeLessThan(10);
  const [, pages, reused] = /(\d+) pages.* \((\d+) not rendered again\)/.exec(edited.render) ?? [];
  expect(Number(reused)).toBeGreaterThan(0);
  expect(Number(reused)).toBeLessThan(Number(pages));
  // The us pages that show Grimlock's price in the menu alone are not rendered again: they get the
  // menu's new header in their recorded HTML.
  expect(Number(/(\d+) given a new header and footer only/.exec(edited.render)?.[1])).toBeGreaterThan(0);
  // Their data is not needed even for their manifests, linked from the last build (there is no
  // spare yet to hold them).
  expect(edited.render).not.toContain("compiled after all");
  expect(readFileSync(page(out, "us"), "utf8")).toContain("$1,689");
  expect(statSync(page(out, "us")).ino).not.toBe(usHome);
  expect(statSync(page(out, "uk/flagship-bumblebee")).ino).toBe(product);

  const cold = join(root, "cold");
  await buildInto(cold);
  const diff = spawnSync("diff", ["-r", realpathSync(out), realpathSync(cold)], { encoding: "utf8" });
  expect(diff.stdout + diff.stderr).toBe("");
  expect(diff.status).toBe(0);
});

/** The output compared with a cold build's of the same specs, byte for byte. */
async function expectColdBuild(out: string, name: string) {
  const cold = join(root, name);
  await buildInto(cold);
  const diff = spawnSync("diff", ["-r", realpathSync(out), realpathSync(cold)], { encoding: "utf8" });
  expect(diff.stdout + diff.stderr).toBe("");
  expect(diff.status).toBe(0);
}

test("a page whose region's layout changed is made from its recorded HTML only when that file is as recorded and the layout's frame is the same", async () => {
  const out = join(root, "relaid");
  await buildInto(out);
  // A page of the output changed behind the builds' back (a new file, not written through the
  // link the spare may share): its HTML cannot be the start of the next build's page.
  const tampered = page(out, "us/flagship-bumblebee");
  const html = readFileSync(tampered, "utf8");
  rmSync(tampered);
  writeFileSync(tampered, html.replace("</main>", "<p>changed by hand</p></main>"));
  const prices = join(specs, "prices.yaml");
  const text = readFileSync(prices, "utf8");
  const [, grimlock] = /grimlock[^\n]*\[(\d+),/i.exec(text) ?? [];
  expect(grimlock).toBeDefined();
  writeSettled(prices, text.replace(`[${grimlock},`, `[${Number(grimlock) - 10},`));
  // On render threads, as a large site is built; the cold build it is compared with renders on this one.
  const edited = await buildInto(out, now, 2);
  expect(Number(/(\d+) given a new header and footer only/.exec(edited.render)?.[1])).toBeGreaterThan(0);
  // Only the page changed by hand goes back from its render thread to be compiled and rendered.
  expect(edited.render).toContain(", 1 kept but compiled after all");
  expect(readFileSync(tampered, "utf8")).not.toContain("changed by hand");
  await expectColdBuild(out, "cold-relaid");

  // The skip link's text lies outside the header's slot: a layout whose text changed is rendered.
  const messages = join(specs, "messages/en.yaml");
  writeSettled(
    messages,
    readFileSync(messages, "utf8").replace("skipToContent: Skip to content", "skipToContent: Skip to the page"),
  );
  const relabelled = await buildInto(out);
  // A spec without keyed values changed: every route is compiled.
  expect(relabelled.compile).not.toContain("kept");
  expect(readFileSync(page(out, "us"), "utf8")).toContain("Skip to the page");
  expect(relabelled.render).toContain(" 0 given a new header and footer only");
  await expectColdBuild(out, "cold-relabelled");
});

test("a content edit compiles only its page's routes; a kept page the last output lost is compiled after all", async () => {
  const out = join(root, "content-edit");
  await buildInto(out);
  // A page of the last output gone: it is kept from the notes, but cannot be taken from there.
  const lost = page(out, "uk/flagship-bumblebee");
  rmSync(lost);
  const content = join(specs, "content/about-us.yaml");
  writeSettled(content, readFileSync(content, "utf8").replace("title: About Us", "title: About the Makers"));
  const edited = await buildInto(out);
  const [, routes, kept] = /^(\d+) routes, (\d+) kept from the last build/.exec(edited.compile) ?? [];
  // The about-us page in its English regions and the pages that link to it by its title.
  expect(Number(routes) - Number(kept)).toBeGreaterThan(0);
  expect(Number(routes) - Number(kept)).toBeLessThan(Number(routes) / 2);
  expect(readFileSync(page(out, "us/about-us"), "utf8")).toContain("About the Makers");
  expect(edited.render).toContain(", 1 kept but compiled after all");
  expect(existsSync(lost)).toBe(true);
  await expectColdBuild(out, "cold-content-edit");
});

test("notes the compiler cannot read keep no route, and the build is a cold build's", async () => {
  const out = join(root, "odd-notes");
  const prices = join(specs, "prices.yaml");
  for (const spoil of [
    (text: string) => text.replaceAll('"content:', '"unheard-of:'),
    (text: string) => text.slice(0, 100),
    () => "null",
  ]) {
    await buildInto(out);
    const notes = join(realpathSync(out), ".site-notes.json");
    const text = readFileSync(notes, "utf8");
    rmSync(notes);
    writeFileSync(notes, spoil(text));
    const row = /\[1\d{3}, 1599,/.exec(readFileSync(prices, "utf8"))![0];
    writeSettled(prices, readFileSync(prices, "utf8").replace(row, `[${Number(row.slice(1, 5)) - 1}, 1599,`));
    const edited = await buildInto(out);
    expect(edited.compile).not.toContain("kept");
    await expectColdBuild(out, `cold-odd-notes-${text.length}-${spoil(text).length}`);
  }
});

test("a spec saved twice in one tick of the file clock, at the same size, is built as it was saved last", async () => {
  // Two saves within a few milliseconds have one size and one time: a build that read the first
  // must not let the second pass for it.
  const out = join(root, "one-tick");
  const prices = join(specs, "prices.yaml");
  const text = readFileSync(prices, "utf8");
  // Grimlock's us price, as the test before may have left it.
  const row = /\[1\d{3}, 1599,/.exec(text)![0];
  const tick = new Date(Date.now() - 100);
  try {
    writeFileSync(prices, text.replace(row, "[1679, 1599,"));
    utimesSync(prices, tick, tick);
    await buildInto(out);
    expect(readFileSync(page(out, "us"), "utf8")).toContain("$1,679");
    writeFileSync(prices, text.replace(row, "[1669, 1599,"));
    utimesSync(prices, tick, tick);
    const again = await buildInto(out);
    expect(again.check).not.toMatch(/^nothing changed/);
    expect(readFileSync(page(out, "us"), "utf8")).toContain("$1,669");
  } finally {
    writeSettled(prices, text);
  }
});

test("a later instant before the next change: the output stands as of it, the cold build's byte for byte; at or past the change it is built", async () => {
  // Black Friday's stage ends at 2024-11-30T00:00+01:00: nothing opens or closes before it.
  const out = join(root, "later");
  await buildInto(out);
  expect(JSON.parse(readFileSync(join(out, "site", "build.json"), "utf8")).nextChange).toBe(
    "2024-11-30T00:00:00+01:00",
  );
  const usHome = statSync(page(out, "us")).ino;
  for (const [instant, stands] of [
    ["2024-11-25T12:00:00.001+01:00", true],
    ["2024-11-29T23:59:59.999+01:00", true],
    ["2024-11-30T00:00+01:00", false],
  ] as const) {
    const at = DateTime.fromISO(instant, { setZone: true });
    const later = await buildInto(out, at);
    expect(later.check, instant).toMatch(
      stands ? /^nothing changed, and no window opened or closed/ : /^\d+ spec files$/,
    );
    if (stands) expect(statSync(page(out, "us")).ino, "the page is the earlier build's file").toBe(usHome);
    const cold = join(root, `cold-${instant.slice(0, 10)}-${stands}`);
    await buildInto(cold, at);
    const diff = spawnSync("diff", ["-r", realpathSync(out), realpathSync(cold)], { encoding: "utf8" });
    expect(diff.stdout + diff.stderr, instant).toBe("");
    // Back to the first instant, which is earlier: built again, never restamped backwards.
    if (stands) expect((await buildInto(out)).check).toMatch(/^\d+ spec files$/);
  }
});

test("builds written over the spare (the build before the last) leave no page of it behind and never write through the last build", async () => {
  const out = join(root, "spare");
  const prices = join(specs, "prices.yaml");
  const text = readFileSync(prices, "utf8");
  const row = /\[1\d{3}, 1599,/.exec(text)![0];
  /** A cold build of the same specs at `at`, compared with the output byte for byte. */
  const expectCold = async (at: typeof now, name: string) => {
    const cold = join(root, `cold-spare-${name}`);
    await buildInto(cold, at);
    const diff = spawnSync("diff", ["-r", realpathSync(out), realpathSync(cold)], { encoding: "utf8" });
    expect(diff.stdout + diff.stderr, name).toBe("");
  };
  /** The build folder --out links to, by its inode: renamed when it becomes the spare or is written over. */
  const folderOf = () => statSync(realpathSync(out)).ino;
  /** A copy of the build --out holds, to show once it is the spare that nothing wrote through its files. */
  const copyOfLast = (name: string) => {
    const copy = join(root, `copy-${name}`);
    cpSync(realpathSync(out), copy, { recursive: true });
    return { folder: folderOf(), copy };
  };
  const spare = join(root, ".spare.builds", "spare");
  const expectUntouched = (last: { folder: number; copy: string }) => {
    expect(statSync(spare).ino).toBe(last.folder);
    const diff = spawnSync("diff", ["-r", spare, last.copy], { encoding: "utf8" });
    expect(diff.stdout + diff.stderr).toBe("");
  };
  // On 25 November the Christmas sale's pages are not there yet (no file before a window opens);
  // on 15 December they are, and the stylesheets and scripts have other names.
  const blackFriday = now;
  const christmas = DateTime.fromISO("2024-12-15T12:00+01:00", { setZone: true });
  try {
    await buildInto(out, blackFriday);
    const first = folderOf();
    expect(existsSync(page(out, "us/christmas-sale"))).toBe(false);
    writeSettled(prices, text.replace(row, "[1659, 1599,"));
    await buildInto(out, blackFriday);
    const second = copyOfLast("second");

    // Over the first build's folder: the price edited again, and the Christmas sale's pages there.
    writeSettled(prices, text.replace(row, "[1649, 1599,"));
    const third = await buildInto(out, christmas);
    expect(folderOf()).toBe(first);
    expect(third.render).toMatch(/ \(\d+ not rendered again\)/);
    expect(readFileSync(page(out, "us"), "utf8")).toContain("$1,649");
    expect(existsSync(page(out, "us/christmas-sale"))).toBe(true);
    expectUntouched(second);
    await expectCold(christmas, "third");

    // Over the second build's folder: back to the first price, at the first instant; then, over
    // the third's, a later instant that restamps the output, and the Christmas sale's pages go.
    const thirdCopy = copyOfLast("third");
    writeSettled(prices, text);
    await buildInto(out, blackFriday);
    expect(folderOf()).toBe(second.folder);
    expectUntouched(thirdCopy);
    await expectCold(blackFriday, "fourth");
    const later = blackFriday.plus({ hours: 1 });
    expect((await buildInto(out, later)).check).toMatch(/^nothing changed, and no window opened or closed/);
    expect(folderOf()).toBe(first);
    expect(existsSync(join(out, "site", "us", "christmas-sale"))).toBe(false);
    await expectCold(later, "fifth");
  } finally {
    writeSettled(prices, text);
  }
});
