// Types of the modules `site build` generates into dist/generated/: the runtime reads only these.
import type { PrefetchRequest } from "../compiler/compile/index.ts";
import type * as Spec from "../compiler/validate/spec-types.ts";

export type { PrefetchRequest };

export interface RegionInfo {
  code: string;
  /** "" for the default region. */
  prefix: string;
  locale: string;
  lang: string;
  language: string;
  origin: string;
  group: "us" | "eu" | "cn";
  storageScope: string;
  fullPageLoads: boolean;
}

export interface SharedData {
  name: string;
  defaultRegion: string;
  regions: Record<string, RegionInfo>;
  api: Spec.API;
  constants: Spec.SystemConstants;
  /** Per region, the label of each country the chooser maps to it. */
  countryLabels: Record<string, Record<string, string>>;
}

export interface RouteEntry {
  path: string;
  page: string;
  template: string | null;
  /** ISO instants with an offset; null for an open side. */
  window: { start: string | null; end: string | null } | null;
  scrollTo: string | null;
  redirect: string | null;
  /** The requests the route needs (its manifest's prefetch list), run on every navigation to it. */
  prefetch: PrefetchRequest[];
}

export interface RegionData {
  code: string;
  /** API error messages of the region's language, by answer code and "default". */
  api: Record<string, string>;
  routes: RouteEntry[];
}
