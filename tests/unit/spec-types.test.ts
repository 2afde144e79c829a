// The compiler's types are generated from the schemas; they must not drift apart.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
// @ts-expect-error: a plain JS dev script without type declarations
import { generate } from "../../bin/gen-types.js";

test("compiler/spec-types.ts is what the schemas generate (run npm run gen:types)", async () => {
  const current = readFileSync(new URL("../../compiler/validate/spec-types.ts", import.meta.url), "utf8");
  expect(current).toBe(await generate());
});

test("the schemas give editors the ids of specs/ and a sentence for every pattern (run npm run gen:types)", async () => {
  // @ts-expect-error: a plain JS dev script without type declarations
  const { editorSchemas } = await import("../../bin/gen-types.js");
  const schemas = editorSchemas() as Map<string, string>;
  for (const [file, text] of schemas)
    expect(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), "utf8"), file).toBe(text);
  const common = JSON.parse(schemas.get("common.schema.json")!) as { $defs: Record<string, { enum?: string[] }> };
  expect(common.$defs.regionCode!.enum).toEqual(["cn", "us", "uk", "eu", "fr", "de", "jp", "kr"]);
  expect(common.$defs.productId!.enum).toContain("flagshipBumblebee");
  expect(common.$defs.pageId!.enum).toContain("where-to-buy/hongkong-macao");
  const unexplained: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const record = node as Record<string, unknown>;
      if (typeof record.pattern === "string" && typeof record.patternErrorMessage !== "string")
        unexplained.push(record.pattern);
      Object.values(record).forEach(walk);
    }
  };
  for (const text of schemas.values()) walk(JSON.parse(text));
  expect(unexplained).toEqual([]);
});
