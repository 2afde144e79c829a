// The video clips a feature may play: one file templates/videos/<key>.webm each (npm run videos).

import { readdirSync } from "node:fs";
import { fromRoot } from "../../project.ts";

/** Where the clips live, from the project's root; the write stage copies them to /videos/. */
export const VIDEOS_FOLDER = "templates/videos";

/** Whether a clip of this key exists; read anew each time, so site dev sees a clip added while it runs. */
export function videoExists(key: string): boolean {
  try {
    return readdirSync(fromRoot(`${VIDEOS_FOLDER}/`)).includes(`${key}.webm`);
  } catch {
    return false;
  }
}
