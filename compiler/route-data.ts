// What compile hands to a template: everything one route shows, already resolved (links are
// hrefs, prices are formatted, placeholders are filled). A template is a pure function of this.

import type { Language, Template } from "./link.ts";

export interface Link {
  label: string;
  href: string;
  /** Opens another site (a shop, a social profile): rel="noopener", target _blank. */
  external: boolean;
}

export interface NavEntry extends Link {
  /** Product this entry stands for: its image and price show in the menu. */
  product: ProductCard | null;
  icon: string | null;
  tag: { label: string; color: string } | null;
  /** Places where the entry is not shown (header, footer, mobile). */
  hidden: string[];
  /** Drop-down entries. A parent that leads nowhere itself has an href of "". */
  children: NavEntry[];
}

export type Availability = "buy" | "preOrder" | "soldOut";

export interface Price {
  amount: number;
  currency: string;
  /** Formatted for the region's locale: "$1,299", "1 599 €", "￥174,900". */
  text: string;
}

export interface ProductCard {
  id: string;
  name: string;
  image: string;
  href: string | null;
  buy: string | null;
  price: Price | null;
  availability: Availability;
  /** Label of the availability state in the region's language (Buy, Pre-order, Sold out). */
  actionLabel: string;
}

export interface LayoutData {
  brand: string;
  homeHref: string;
  regionLabel: string;
  chooseRegionHref: string | null;
  shop: Link | null;
  account: Link;
  textBanner: { label: string; href: string; bg: string } | null;
  navigation: NavEntry[];
  footerNavs: Link[];
  media: (Link & { icon: string })[];
  copyright: string;
  companyAddress: string;
  subscribe: SubscribeTexts;
  /** Where the newsletter sign-up posts: the production API of the region's group. */
  subscribeEndpoint: string;
  ui: UiTexts;
}

export interface SubscribeTexts {
  title: string;
  describe: string;
  placeholder: string;
  button: string;
  invalid: string;
  success: string;
  emailLabel: string;
  successView: { successTitle: string; successSubtitle: string; successButton: string; privacyPolicy: string; shopHref: string | null } | null;
}

export interface UiTexts {
  skipToContent: string;
  menu: string;
  close: string;
  chooseRegion: string;
  externalLink: string;
}

export interface HeadData {
  title: string;
  description: string;
  keywords: string[];
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  robots: string | null;
  jsonLd: object[];
}

export interface RouteInfo {
  path: string;
  region: string;
  page: string;
  template: Template;
  locale: string;
  /** The value of <html lang>. */
  lang: string;
  language: Language;
  scrollTo: string | null;
}

/** Per-template page data. */
export type PageData =
  | { template: "home"; hero: { title: string; subtitle: string | null }; products: ProductCard[]; learnMore: string }
  | { template: "article"; title: string; sections: ArticleSection[] }
  | { template: "product"; product: ProductCard; tagline: string; highlights: string[]; specs: { label: string; value: string }[]; paymentMethods: string[]; installment: string | null; labels: { price: string; paymentMethods: string; specs: string } }
  | { template: "region-chooser"; headings: { language: Language; title: string; description: string }[]; options: { label: string; href: string; country: string; region: string }[] }
  | { template: "where-to-buy"; title: string; dealers: { title: string; href: string; address: string[]; img: string | null }[]; labels: { visitStore: string; address: string } }
  | { template: "manuals"; title: string; groups: { series: string; label: string; files: { name: string; size: string; date: string; href: string }[] }[]; labels: { name: string; size: string; updated: string; download: string } }
  | { template: "login"; title: string; texts: Record<string, string> }
  | { template: "account"; title: string; texts: Record<string, string> }
  | { template: "campaign"; title: string; campaign: string; stages: { name: string; start: string; end: string | null }[] };

export interface ArticleSection {
  heading: string | null;
  paragraphs: string[];
  list: string[];
  links: Link[];
}

export interface RouteData {
  route: RouteInfo;
  head: HeadData;
  layout: LayoutData;
  page: PageData;
}
