// The whole site in memory, every file made: what a build would write, for tests that read it.

import type { DateTime } from "luxon";
import type { SiteModel } from "../../compiler/link/model.ts";
import { prepareSite, type RenderSiteOptions, type SiteOutput } from "../../compiler/pipeline.ts";
import * as renderModule from "../../compiler/render/index.tsx";
import { contentsOf, manifestJson, type MadeFiles } from "../../compiler/write/index.ts";

export async function renderSite(
  model: SiteModel,
  now: DateTime,
  options: RenderSiteOptions = {},
): Promise<SiteOutput & { files: MadeFiles }> {
  const { renderRoutePage } = options.renderer ?? renderModule;
  const { compiled, assets, files, pages } = await prepareSite(model, now, options);
  const made: MadeFiles = new Map();
  for (const [path, file] of files) made.set(path, contentsOf(file));
  for (const { data, file, manifestFile, manifest } of pages) {
    made.set(file, renderRoutePage(data, assets).html);
    made.set(manifestFile, manifestJson(manifest));
  }
  options.onStage?.("render", `${pages.length} pages`);
  return {
    files: made,
    pages: pages.length,
    manifests: compiled.routes.map((r) => r.manifest),
    nextChange: compiled.nextChange,
  };
}
