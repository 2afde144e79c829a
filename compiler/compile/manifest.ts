// A route's manifest: what the router, the server and the host files need to know of it without
// its page (file, window, redirect, prefetch); compile adds the head once the page is built.

import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import { parseInstant } from "../time/instant.ts";
import type * as Spec from "../validate/spec-types.ts";
import type { HeadData } from "./route-data.ts";

export interface PrefetchRequest {
  baseURL: string;
  url: string;
  params: Record<string, string> | null;
  data: unknown;
  method: "GET" | "POST";
  /** Where the request runs: on the server before the first render, or in the browser. */
  end: "server" | "client";
}

export interface RouteManifest {
  path: string;
  region: string;
  locale: string;
  page: string;
  /** Path of the HTML file inside dist/site. */
  file: string;
  window: { start: string | null; end: string | null } | null;
  redirect: { to: string; status: number } | null;
  head: HeadData | null;
  prefetch: PrefetchRequest[];
}

/** The page of the route at `path`, inside the web root: us/flagship-bumblebee/index.html. */
export function routeFile(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

export function routeManifest(model: SiteModel, route: RouteModel, region: RegionModel): RouteManifest {
  const endpoints = model.specs.api!.data.endpoints;
  const window = isoWindow(route.window);
  const prefetch: PrefetchRequest[] = [];
  // Seed 000 §2: the server time is fetched for routes that carry a window.
  if (window)
    prefetch.push({
      baseURL: "",
      url: endpoints.timestamp.path,
      params: null,
      data: null,
      method: "GET",
      end: "server",
    });
  if (route.template === "account")
    prefetch.push({
      baseURL: region.group,
      url: endpoints.profile.path,
      params: null,
      data: null,
      method: "GET",
      end: "client",
    });
  return {
    path: route.path,
    region: route.region,
    locale: region.locale,
    page: route.page,
    file: routeFile(route.path),
    window,
    redirect: route.redirect,
    head: null,
    prefetch,
  };
}

/** Instants leave compile as ISO strings with an offset, whatever form the spec used. */
export function isoWindow(window: Spec.Window | null): { start: string | null; end: string | null } | null {
  if (!window) return null;
  const iso = (text: string | undefined) => {
    const parsed = text ? parseInstant(text) : null;
    return parsed?.ok ? parsed.instant.toISO({ suppressMilliseconds: true })! : null;
  };
  return { start: iso(window.start), end: iso(window.end) };
}
