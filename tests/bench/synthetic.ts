// Synthetic specs for the benchmark: the real specs plus generated article pages in every
// region, up to a number of routes, so that the sizes of the real site and of 10,000 routes can
// be measured with the same pipeline.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LANGUAGES = ["zh", "en", "de", "fr", "ja", "ko"] as const;
const REGIONS = 8;

/** Writes specs with about `routes` routes into `dir` (a copy of `real` plus generated pages). */
export function writeSyntheticSpecs(real: string, dir: string, routes: number): { pages: number } {
  cpSync(real, dir, { recursive: true });
  const extra = Math.max(0, Math.ceil((routes - 180) / REGIONS));
  if (extra === 0) return { pages: 0 };
  const pages = Array.from({ length: extra }, (_, i) => `story-${String(i + 1).padStart(5, "0")}`);
  writeFileSync(
    join(dir, "pages.yaml"),
    `# yaml-language-server: $schema=../schemas/pages.schema.json\n` +
      `${readFileSync(join(real, "pages.yaml"), "utf8").split("\n").slice(1).join("\n")}\n` +
      pages.map((p) => `  ${p}: { regions: all, template: article }`).join("\n") +
      "\n",
  );
  mkdirSync(join(dir, "content"), { recursive: true });
  for (const [i, page] of pages.entries()) {
    const paragraph = (lang: string) =>
      `Story ${i + 1} (${lang}): how a transforming robot is designed, tested and shipped to collectors. ` +
      "Every servo is calibrated by hand, every voice line recorded in the studio, and every unit checked before it leaves the factory. ".repeat(6);
    const blocks = LANGUAGES.map(
      (lang) =>
        `  ${lang}:\n` +
        Array.from({ length: 6 }, (_, s) => `    - heading: Chapter ${s + 1}\n      text: "${paragraph(lang)}"\n      list: [Servo calibration, Voice recording, Final inspection]`).join("\n"),
    ).join("\n");
    writeFileSync(
      join(dir, "content", `${page}.yaml`),
      `# yaml-language-server: $schema=../../schemas/content.schema.json\nhead:\n` +
        LANGUAGES.map((lang) => `  ${lang}: { title: Story ${i + 1}, description: "Behind the scenes of robot number ${i + 1}, from design to delivery.", keywords: [robots, story] }`).join("\n") +
        `\nbody:\n${blocks}\n`,
    );
  }
  return { pages: extra };
}
