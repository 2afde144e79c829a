// The modules `site build` generates into dist/generated/ (see compiler/compile.ts). esbuild
// resolves "site-generated/*" to them at bundle time; these declarations type them meanwhile.
declare module "site-generated/shared.ts" {
  import type { SharedData } from "./generated-types.ts";
  export const shared: SharedData;
}
declare module "site-generated/regions.ts" {
  import type { RegionData } from "./generated-types.ts";
  export const regionLoaders: Record<string, () => Promise<{ region: RegionData }>>;
}
