// site build --regions: a catalogue too large for one machine is built region by region on
// separate runners (a CI matrix), and the outputs merged are the full build, byte for byte: the
// files every region shares (routes.json, the sitemap and its hreflang alternates, the 404 page,
// the assets, the host files) are whole in every part, and each part holds only its regions' pages.
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect, test } from "vitest";
import { realSiteAt } from "../support/build.ts";
import { siteCommand } from "../support/cli.ts";

// Black Friday week: campaign pages, a finished campaign's redirects and the news feeds are all in.
const NOW = "2024-11-25T12:00+01:00";
const PARTS = ["us,uk,eu", "fr,de", "jp,kr,cn"];

const scratch = mkdtempSync(join(tmpdir(), "site-regions-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Every file under an output by its path, read through the link --out is. The build's own
 * bookkeeping at the top (the stamp, the record a later build reuses) is not output and is left out.
 */
function filesOf(out: string): Map<string, Buffer> {
  const root = realpathSync(out);
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (dir === root && entry.name.startsWith(".")) continue;
      if (entry.isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

test("the builds of disjoint regions, merged, are the full build byte for byte", async () => {
  const full = filesOf((await realSiteAt(NOW)).out);
  const merged = join(scratch, "merged");
  for (const [i, regions] of PARTS.entries()) {
    const out = join(scratch, `part-${i}`);
    const built = await siteCommand(["build", "--regions", regions, "--out", out, "--now", NOW]);
    expect(built.stderr).toBe("");
    expect(built.code).toBe(0);
    const part = filesOf(out);
    // Each part holds its own regions' pages and none of the others'.
    const own = regions.split(",");
    const pageRegions = new Set(
      [...part]
        .filter(([f]) => f.startsWith("manifests/") && f !== "manifests/routes.json")
        .map(([, text]) => (JSON.parse(text.toString()) as { region: string }).region),
    );
    expect([...pageRegions].sort()).toEqual([...own].sort());
    expect(part.get("manifests/routes.json")).toEqual(full.get("manifests/routes.json"));
    expect(part.get("site/sitemap.xml")).toEqual(full.get("site/sitemap.xml"));
    cpSync(realpathSync(out), merged, { recursive: true });
  }
  const union = filesOf(merged);
  expect([...union.keys()].sort()).toEqual([...full.keys()].sort());
  const differing = [...full].filter(([path, bytes]) => !union.get(path)!.equals(bytes)).map(([path]) => path);
  expect(differing).toEqual([]);
});

test("an unknown region is one line naming the closest, exit 2, and nothing is built", async () => {
  const out = join(scratch, "unknown");
  const run = await siteCommand(["build", "--regions", "us,ux", "--out", out]);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trim().split("\n")).toEqual([
    "site: --regions: 'ux' is not a region of site.yaml; did you mean 'us'? (regions: cn, us, uk, eu, fr, de, jp, kr)",
  ]);
  expect(() => readdirSync(out)).toThrow();
});

test("site build --help names --regions", async () => {
  expect((await siteCommand(["build", "--help"])).stdout).toMatch(/--regions <codes>/);
});
