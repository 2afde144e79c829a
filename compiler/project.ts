// Where the project is: the one place that turns this file's address into the root folder. It sits
// one level below the root, as the bundled CLI (lib/cli.js) does, so the same path is right
// whether the compiler runs from its sources (tests) or from the bundle (the site command).

import { fileURLToPath } from "node:url";

/** The project's root folder, with a trailing slash. */
export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

/** A file or folder of the project, by its path from the root. */
export const fromRoot = (path: string): string => projectRoot + path;
