// The order of the stages. Data flows one way: each stage reads only what the one before it
// returned, and reports problems as diagnostics instead of throwing.
//
//   load ──▶ validate ──▶ link ──▶ (compile ──▶ render ──▶ bundle: site build)

import type { Diagnostic } from "./diagnostics.ts";
import { link, type SiteModel } from "./link.ts";
import { load, type SourceFile } from "./load.ts";
import { validate } from "./validate.ts";

export interface CheckResult {
  /** Undefined when the specs are too broken to model (no valid site.yaml). */
  model: SiteModel | undefined;
  diagnostics: Diagnostic[];
  /** Every file read, by its reported path: printers need the text for code frames. */
  sources: Map<string, SourceFile>;
  fileCount: number;
}

/** load + validate + link: everything `site check` does. */
export function check(specsDir: string, cwd = process.cwd()): CheckResult {
  const loaded = load(specsDir, cwd);
  const validated = validate(loaded.value);
  const linked = link(validated.value);
  const sources = new Map(loaded.value.documents.map((d) => [d.source.path, d.source]));
  return {
    model: linked.value,
    diagnostics: [...loaded.diagnostics, ...validated.diagnostics, ...linked.diagnostics],
    sources,
    fileCount: loaded.value.documents.length,
  };
}
