// Types of the modules `site build` generates into dist/generated/: the runtime reads only these.
import type { LayoutData } from "../compiler/route-data.ts";
import type * as Spec from "../compiler/spec-types.ts";

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
}

export interface RegionData {
  code: string;
  layout: LayoutData;
  api: Record<string, string>;
  countdown: Spec.RegionalSettings["countdown"];
  labels: Spec.RegionalSettings["labels"];
  newUserPopupSubscribe: Spec.RegionalSettings["newUserPopupSubscribe"];
  notFound: { title: string };
  routes: RouteEntry[];
}
