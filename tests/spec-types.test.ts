// The compiler's types are generated from the schemas; they must not drift apart.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
// @ts-expect-error: a plain JS dev script without type declarations
import { generate } from "../bin/gen-types.js";

test("compiler/spec-types.ts is what the schemas generate (run npm run gen:types)", async () => {
  const current = readFileSync(new URL("../compiler/spec-types.ts", import.meta.url), "utf8");
  expect(current).toBe(await generate());
});
