// The video clips a feature may play: one file templates/videos/<key>.webm each (npm run videos).

import { readdirSync } from "node:fs";
import { fromRoot } from "../../project.ts";

/** Where the clips live, from the project's root; the write stage copies them to /videos/. */
export const VIDEOS_FOLDER = "templates/videos";

/**
 * The keys of the clips there are. Read anew by each check, so site dev sees a clip added while
 * it runs; once per check, not per feature (10,000 product pages at 10,000 routes).
 */
export function videoKeys(): ReadonlySet<string> {
  try {
    const names = readdirSync(fromRoot(`${VIDEOS_FOLDER}/`));
    return new Set(names.filter((name) => name.endsWith(".webm")).map((name) => name.slice(0, -".webm".length)));
  } catch {
    return new Set();
  }
}
