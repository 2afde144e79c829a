// Head data of a route (part of compile): title, description, canonical, hreflang alternates
// and JSON-LD (Organization, WebPage, and Product on product pages), per seed 000 §2; the
// OpenGraph and Twitter card of a shared link; the region's news feeds.

import type { Images } from "../images/index.ts";
import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import type { HeadData, PageData, ProductCard, SectionData, SocialCard } from "./route-data.ts";

export interface HeadInput {
  title: string;
  description: string;
  keywords: string[];
  product: { card: ProductCard; description: string } | null;
  /** The image a shared link shows (an image key), and its alternative text; default: the logo. */
  image: { key: string; alt: string } | null;
  feeds: HeadData["feeds"];
  /** Makes the share cards (og:image: share previews take no SVG) and the logo's file. */
  images: Images;
}

/** en-US as OpenGraph writes a locale: en_US. */
const ogLocale = (locale: string) => locale.replace(/-/g, "_");

const routesByPageOf = new WeakMap<SiteModel, Map<string, RouteModel[]>>();

/** The rendered routes of each page (its regional versions), indexed once per model. */
function renderedRoutesByPage(model: SiteModel): Map<string, RouteModel[]> {
  let index = routesByPageOf.get(model);
  if (!index) {
    index = new Map();
    for (const r of model.routes) {
      if (r.redirect || r.childrenOnly || !r.template) continue;
      const list = index.get(r.page);
      if (list) list.push(r);
      else index.set(r.page, [r]);
    }
    routesByPageOf.set(model, index);
  }
  return index;
}

/**
 * The image a shared link of the page shows: a product page's product, else the first image of
 * the page's sections (a campaign's banner), else the first product a home page shows; null for
 * none (the head falls back to the logo).
 */
export function shareImage(page: PageData): HeadInput["image"] {
  const oneLine = (s: string) => s.replace(/\s*\n\s*/g, " ");
  if (page.template === "product") return { key: page.product.image.key, alt: oneLine(page.product.name) };
  if (page.template !== "home" && page.template !== "campaign") return null;
  for (const section of page.sections) {
    const found = sectionImage(section);
    if (found) return { key: found.key, alt: oneLine(found.alt) };
  }
  const product = page.template === "home" ? page.products[0] : undefined;
  return product ? { key: product.image.key, alt: oneLine(product.name) } : null;
}

function sectionImage(section: SectionData): { key: string; alt: string } | null {
  switch (section.type) {
    case "banner":
    case "promo":
    case "lucky-draw":
    case "feature":
      return section.image ? { key: section.image.key, alt: section.title } : null;
    case "offers": {
      const item = section.items.find((i) => i.image);
      return item ? { key: item.image!.key, alt: item.title } : null;
    }
    case "cards": {
      const item = section.items.find((i) => i.image);
      return item ? { key: item.image!.key, alt: item.title } : null;
    }
    case "gallery":
      return section.images[0] ? { key: section.images[0].full.key, alt: section.title ?? "" } : null;
    default:
      return null;
  }
}

export function buildHead(model: SiteModel, route: RouteModel, region: RegionModel, input: HeadInput): HeadData {
  const url = region.origin + route.path;
  const alternates = (renderedRoutesByPage(model).get(route.page) ?? []).map((r) => {
    const other = model.regions.get(r.region)!;
    return { hreflang: other.hreflang, href: other.origin + r.path, region: r.region, locale: ogLocale(other.locale) };
  });
  // Whose page is x-default when several have it (site.yaml, seed 000 §2).
  const xDefault = (model.specs.site!.data.xDefault ?? [model.defaultRegion])
    .map((code) => alternates.find((a) => a.region === code))
    .find(Boolean);
  const organisation = model.specs.organisation!.data;
  const globalOrigin = region.origin;
  const jsonLd: object[] = [
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: model.name,
      legalName: organisation.legalName,
      url: globalOrigin,
      logo: globalOrigin + (input.images.picture(organisation.logo, "badge", model.name)?.src ?? ""),
      contactPoint: organisation.contactPoints.map((c) => ({
        "@type": "ContactPoint",
        contactType: c.contactType,
        email: c.email,
        ...(c.telephone ? { telephone: c.telephone } : {}),
        ...(c.areaServed ? { areaServed: c.areaServed } : {}),
      })),
      areaServed: organisation.areasServed,
      sameAs: organisation.socialProfiles,
    },
    {
      "@context": "https://schema.org",
      "@type": "WebPage",
      name: input.title,
      description: input.description,
      url,
      inLanguage: region.hreflang,
    },
  ];
  if (input.product) {
    const { card, description } = input.product;
    const image = globalOrigin + (input.images.share(card.image.key) ?? card.image.src);
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "Product",
      name: card.name.replace(/\s*\n\s*/g, " "),
      description,
      url,
      image,
      brand: { "@type": "Brand", name: model.name },
      ...(card.price
        ? {
            offers: {
              "@type": "Offer",
              price: card.price.amount,
              priceCurrency: card.price.currency,
              availability: `https://schema.org/${card.availability === "soldOut" ? "SoldOut" : card.availability === "preOrder" ? "PreOrder" : "InStock"}`,
              url: card.buy ?? url,
            },
          }
        : {}),
      ...(card.buy ? { potentialAction: { "@type": "BuyAction", target: card.buy } } : {}),
    });
  }
  const noIndex = route.template === "login" || route.template === "account";
  const locale = ogLocale(region.locale);
  const social: SocialCard = {
    type: input.product ? "product" : "website",
    siteName: model.name,
    title: input.title,
    description: input.description,
    url,
    image: globalOrigin + (input.images.share(input.image?.key ?? organisation.logo) ?? ""),
    imageAlt: input.image?.alt ?? model.name,
    locale,
    localeAlternates: [...new Set(alternates.map((a) => a.locale))].filter((l) => l !== locale),
  };
  return {
    title: `${input.title} | ${model.name}`,
    description: input.description,
    keywords: input.keywords,
    canonical: url,
    alternates: [
      ...alternates.map(({ hreflang, href }) => ({ hreflang, href })),
      ...(xDefault ? [{ hreflang: "x-default", href: xDefault.href }] : []),
    ],
    robots: noIndex ? "noindex, follow" : null,
    jsonLd,
    social,
    feeds: input.feeds,
  };
}
