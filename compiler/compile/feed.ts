// A region's news as an Atom feed (part of compile): an article whose sections carry a `date` is
// news, and each region that carries it has a feed beside the page (news/feed.xml) whose items
// are the page's dated sections, exactly as the page shows them (a campaign's announcement only
// once the campaign has begun), newest first. Every page of the region links to it; nothing else
// lists it. The write stage turns this data into XML (write/feed.ts).

import { DateTime } from "luxon";
import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import type * as Spec from "../validate/spec-types.ts";
import type { PageOf } from "./route-data.ts";

export interface FeedData {
  /** Path of the file under site/: us/news/feed.xml. */
  file: string;
  /** Absolute URL of the feed itself. */
  url: string;
  /** Absolute URL of the page it is the feed of. */
  page: string;
  title: string;
  subtitle: string;
  lang: string;
  author: string;
  /** The newest item's date, or null when none is published yet. */
  updated: string | null;
  entries: FeedEntry[];
}

export interface FeedEntry {
  title: string;
  /** Absolute URL of the item on the page (its anchor). */
  link: string;
  /** Start of the item's day in the region's time zone, ISO 8601 with offset. */
  published: string;
  paragraphs: readonly string[];
  list: string[];
  /** Links after the text, every href absolute. */
  links: { label: string; href: string }[];
}

/** The path of the feed of a news page: beside the page's index.html. */
export function feedPath(route: RouteModel): string {
  return `${route.path === "/" ? "" : route.path}/feed.xml`;
}

/** Is the route a news page in its region: an article whose sections in the region's language carry dates? */
export function isNewsRoute(content: Spec.PageContent | undefined, route: RouteModel, region: RegionModel): boolean {
  if (route.template !== "article" || route.redirect || route.childrenOnly) return false;
  return isNews(content, region.language);
}

/** Whether a page's sections in a language carry a date. */
export function isNews(content: Spec.PageContent | undefined, language: string): boolean {
  return (content?.body?.[language as keyof NonNullable<Spec.PageContent["body"]>] ?? []).some(
    (section) => section.date !== undefined,
  );
}

/** The feed of a news route, from the page data the route's page shows. */
export function newsFeed(
  model: SiteModel,
  route: RouteModel,
  region: RegionModel,
  page: PageOf<"article">,
  title: string,
  subtitle: string,
): FeedData {
  const pageUrl = region.origin + route.path;
  const absolute = (href: string) => new URL(href, pageUrl).href;
  const entries = page.sections
    .filter((section) => section.date !== null)
    .map((section) => ({
      date: section.date!,
      entry: {
        title: section.heading ?? page.title,
        link: section.id ? `${pageUrl}#${section.id}` : pageUrl,
        published: DateTime.fromISO(section.date!, { zone: region.zone }).toISO({ suppressMilliseconds: true })!,
        paragraphs: section.paragraphs,
        list: section.list,
        links: section.links.map((l) => ({ label: l.label, href: absolute(l.href) })),
      },
    }))
    // Newest first; items of the same day keep the page's order.
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .map((e) => e.entry);
  return {
    file: feedPath(route).slice(1),
    url: region.origin + feedPath(route),
    page: pageUrl,
    title,
    subtitle,
    lang: region.hreflang,
    author: model.name,
    updated: entries[0]?.published ?? null,
    entries,
  };
}
