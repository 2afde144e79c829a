// Loaded with --import: notes the packages the process imports in $LOADED_PACKAGES_FILE
// (tests/integration/startup-packages.test.ts).
import { register } from "node:module";

register("./package-hooks.js", import.meta.url, { data: { out: process.env.LOADED_PACKAGES_FILE } });
