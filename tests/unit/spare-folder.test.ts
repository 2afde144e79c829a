// A build written over the spare (write/index.ts) must end holding exactly its own files, whatever
// the spare held, and must never change a file of the live build, with which the spare shares
// files by hard link. Here on small trees of any shape, file by file as a build writes them.
import { createHash } from "node:crypto";
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, expect, test } from "vitest";
import { removeLeftovers, writeOutput } from "../../compiler/write/index.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
const root = mkdtempSync(join(tmpdir(), "spare-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Paths as a build's are: files in folders, no file where another path has a folder.
const paths = ["a", "b", "a/p", "a/q", "b/p/r"].flatMap((folder) =>
  ["index.html", "m.json"].map((file) => `${folder}/${file}`),
);
const contents = fc.constantFrom("one", "two", "three");
const tree = fc.dictionary(fc.constantFrom(...paths), contents, { maxKeys: paths.length });
const hash = (text: string) => createHash("sha1").update(text).digest("base64url");

/** Every file under `folder` by its path, and every folder (empty ones included). */
function onDisk(folder: string): { files: Record<string, string>; folders: string[] } {
  const files: Record<string, string> = {};
  const folders: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = relative(folder, join(entry.parentPath, entry.name));
    if (entry.isDirectory()) folders.push(path);
    else files[path] = readFileSync(join(folder, path), "utf8");
  }
  return { files, folders: folders.sort() };
}

/** The folders that hold the files, at any depth. */
function foldersOf(files: Record<string, string>): string[] {
  const folders = new Set<string>();
  for (const path of Object.keys(files)) for (let f = dirname(path); f !== "."; f = dirname(f)) folders.add(f);
  return [...folders].sort();
}

let count = 0;
test("over any spare, a build ends holding exactly its own files and leaves the live build's as they were", () => {
  fc.assert(
    fc.property(
      tree,
      tree,
      tree,
      fc.array(fc.boolean(), { minLength: paths.length, maxLength: paths.length }),
      (live, spare, next, shared) => {
        const at = join(root, String(count++));
        const liveFolder = join(at, "live");
        const spareFolder = join(at, "spare");
        const write = (folder: string, path: string, text: string) => {
          mkdirSync(dirname(join(folder, path)), { recursive: true });
          writeFileSync(join(folder, path), text);
        };
        for (const [path, text] of Object.entries(live)) write(liveFolder, path, text);
        // The spare shares some of its files with the live build, as after a build that linked them.
        for (const [path, text] of Object.entries(spare)) {
          if (live[path] === text && shared[paths.indexOf(path)]) {
            mkdirSync(dirname(join(spareFolder, path)), { recursive: true });
            linkSync(join(liveFolder, path), join(spareFolder, path));
          } else write(spareFolder, path, text);
        }
        mkdirSync(liveFolder, { recursive: true });
        mkdirSync(spareFolder, { recursive: true });
        const target = { staging: spareFolder, previous: liveFolder };
        for (const [path, text] of Object.entries(next)) {
          const here = spare[path];
          writeOutput(target, path, text, {
            previous: live[path] === undefined ? null : hash(live[path]),
            ...(here === undefined ? {} : { here: hash(here) }),
          });
        }
        removeLeftovers(target, Object.keys(spare), new Set(Object.keys(next)));

        expect(onDisk(spareFolder)).toEqual({ files: next, folders: foldersOf(next) });
        expect(onDisk(liveFolder).files).toEqual(live);
        // A file the new build keeps from the live build is that very file, not a copy.
        for (const [path, text] of Object.entries(next))
          if (live[path] === text && spare[path] !== text)
            expect(statSync(join(spareFolder, path)).ino).toBe(statSync(join(liveFolder, path)).ino);
        rmSync(at, { recursive: true, force: true });
      },
    ),
    { numRuns: runs * 5 },
  );
});
