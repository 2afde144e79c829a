// site dev reads again only the spec files its watcher saw change: the result must be a full
// load's, with every other document the one it had; and anything the watcher's list cannot vouch
// for (a file added, a file that is now a folder) reads the whole folder.
import { rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { type LoadCache, load, type WatchedLoad } from "../../compiler/load/index.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
afterAll(() => fixture.cleanup());

let writes = 0;
/** Writes a spec file with an mtime of its own, so that no cache takes it for the old one. */
function write(file: string, text: string): void {
  writeFileSync(join(specs, file), text);
  const stamp = new Date(Date.UTC(2030, 0, 1) + ++writes * 1000);
  utimesSync(join(specs, file), stamp, stamp);
}

/** A load as a comparison sees it: each document's path and data, and the problems, in order of place. */
function seen(result: ReturnType<typeof load>) {
  return {
    documents: result.value.documents
      .map((d) => [d.source.path, d.data])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    diagnostics: result.diagnostics.map((d) => JSON.stringify([d.code, d.location.file, d.message])).sort(),
  };
}

describe("a load after a watched change", () => {
  const cache: LoadCache = new Map();
  const watched: WatchedLoad = {};
  const loadWatched = (changed?: string[]) => {
    watched.changed = changed?.map((f) => join(specs, f));
    return load(specs, fixture.root, { cache, watched });
  };

  test("reads the changed files again and keeps every other document", () => {
    const before = loadWatched();
    write("prices.yaml", `${before.value.documents.find((d) => d.name === "prices")!.source.text}\n# edited\n`);
    write("content/about-us.yaml", "head: [unclosed\n");
    const after = loadWatched(["prices.yaml", "content/about-us.yaml"]);
    expect(seen(after)).toEqual(seen(load(specs, fixture.root)));
    // The broken file's problem is there, once.
    expect(after.diagnostics.filter((d) => d.location.file.endsWith("content/about-us.yaml")).length).toBeGreaterThan(
      0,
    );
    const changed = new Set(["prices", "about-us"]);
    after.value.documents.forEach((d, i) => {
      if (!changed.has(d.name)) expect(d).toBe(before.value.documents[i]);
    });
  });

  test("reads the whole folder when a changed path is a file it did not read, or no longer a plain file", () => {
    write("content/new-page.yaml", "# a page nobody names yet\nhead: {}\n");
    const added = loadWatched(["content/new-page.yaml"]);
    expect(added.value.documents.map((d) => d.source.path)).toContain("specs/content/new-page.yaml");
    expect(seen(added)).toEqual(seen(load(specs, fixture.root)));

    // Now a link to a file outside the specs folder, which a load names and never reads.
    rmSync(join(specs, "content/new-page.yaml"));
    writeFileSync(join(fixture.root, "outside.yaml"), "# outside\nhead: {}\n");
    symlinkSync(join(fixture.root, "outside.yaml"), join(specs, "content/new-page.yaml"));
    const linked = loadWatched(["content/new-page.yaml"]);
    expect(linked.diagnostics.map((d) => d.code)).toContain("skipped-entry");
    expect(seen(linked)).toEqual(seen(load(specs, fixture.root)));
    rmSync(join(specs, "content/new-page.yaml"));
  });
});
