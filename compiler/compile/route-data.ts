// What compile hands to a template: everything one route shows, already resolved (links are
// hrefs, prices are formatted, placeholders are filled). A template is a pure function of this.

import type { Picture } from "../images/index.ts";
import type { ProductPhase } from "../time/index.ts";
import type { Language, Template } from "../link/model.ts";
import type { SectionBenefits } from "../validate/spec-types.ts";

export type { Picture } from "../images/index.ts";

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

/** comingSoon: a pre-order that has not opened yet (pre-heat): no price, no buy link. */
export type Availability = "buy" | "preOrder" | "soldOut" | "comingSoon";

export interface Price {
  amount: number;
  currency: string;
  /** Formatted for the region's locale: "$1,299", "1 599 €", "￥174,900". */
  text: string;
}

export interface ProductCard {
  id: string;
  name: string;
  /** The product's picture in a card, its name for alt text. */
  image: Picture;
  href: string | null;
  buy: string | null;
  /** The price in force: a live campaign stage's sale price, else the list price. */
  price: Price | null;
  /** The list price while a sale price is in force (shown struck through), else null. */
  listPrice: Price | null;
  /** Where the product's pre-order stands, if a campaign runs one. */
  phase: ProductPhase | null;
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
  /** The first-visit invitation to subscribe. */
  newUserPopup: SubscribeTexts;
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
  successView: {
    successTitle: string;
    successSubtitle: string;
    successButton: string;
    privacyPolicy: string;
    shopHref: string | null;
  } | null;
}

interface UiTexts {
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
  /** What a shared link shows: the OpenGraph and Twitter card tags. */
  social: SocialCard;
  /** The region's news feeds (Atom), linked from each of its pages. */
  feeds: { href: string; title: string }[];
}

/** OpenGraph (og:*) and Twitter card (twitter:*) data of a page; every URL is absolute. */
export interface SocialCard {
  type: "website" | "product";
  siteName: string;
  title: string;
  description: string;
  /** The canonical URL. */
  url: string;
  image: string;
  imageAlt: string;
  /** The page's locale as OpenGraph writes it: en_US. */
  locale: string;
  /** The locales of the other regions that have the page. */
  localeAlternates: string[];
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
  /**
   * The end of the route's window (ISO), or null: the runtime remembers a window seen over by
   * its end, so the same page in a later window (next year's sale) opens again.
   */
  windowEnd: string | null;
}

/** Per-template page data. */
export type PageData =
  | {
      template: "home";
      hero: { title: string; subtitle: string | null };
      products: ProductCard[];
      learnMore: string;
      sections: SectionData[];
    }
  | { template: "article"; title: string; sections: ArticleSection[] }
  | {
      template: "product";
      product: ProductCard;
      /** The product's picture at the top of its page: the page's first image, loaded at once. */
      image: Picture;
      tagline: string;
      highlights: string[];
      specs: { label: string; value: string }[];
      paymentMethods: string[];
      installment: string | null;
      labels: { price: string; paymentMethods: string; specs: string };
      sections: SectionData[];
    }
  | {
      template: "region-chooser";
      headings: { language: Language; title: string; description: string }[];
      options: { label: string; href: string; country: string; region: string }[];
    }
  | {
      template: "where-to-buy";
      title: string;
      dealers: { title: string; href: string; address: string[]; img: Picture | null }[];
      labels: { visitStore: string; address: string };
    }
  | {
      template: "manuals";
      title: string;
      groups: { series: string; label: string; files: { name: string; size: string; date: string; href: string }[] }[];
      labels: { name: string; size: string; updated: string; download: string };
    }
  | { template: "login"; title: string; texts: Record<string, string>; accountHref: string }
  | { template: "account"; title: string; texts: Record<string, string>; loginHref: string }
  | { template: "campaign"; title: string; campaign: string; sections: SectionData[] };

/** The page data of one template. */
export type PageOf<T extends Template> = Extract<PageData, { template: T }>;

export interface ArticleSection {
  /** Anchor of a dated section (a news item): the feed links to it. */
  id: string | null;
  /** Day of publication, YYYY-MM-DD, of a news item. */
  date: string | null;
  heading: string | null;
  paragraphs: readonly string[];
  list: string[];
  links: Link[];
}

export interface RouteData {
  route: RouteInfo;
  head: HeadData;
  layout: LayoutData;
  page: PageData;
}

/** A price in a campaign: the list price, the sale price of the live stage, and what is derived from them. */
export interface SaleItem {
  product: ProductCard;
  listPrice: Price | null;
  salePrice: Price | null;
  /** "Save $150": list minus sale, in the region's wording. */
  save: string | null;
  /** "21% OFF". */
  off: string | null;
  installment: string | null;
  /** Payment methods of the region's shop (paypal, klarna). */
  paymentMethods: string[];
  describe: string | null;
  identify: string | null;
  extendedWarranty: string | null;
  /** Free gifts, each a small picture named in its alt text (shown beside it as words). */
  gifts: Picture[];
  buy: string | null;
  learnMore: Link | null;
}

export interface StageInfo {
  number: number;
  name: string;
  /** Dates as shown to visitors, in the campaign's display zone. */
  start: string;
  end: string | null;
  state: "over" | "live" | "upcoming";
}

/** A campaign banner's colours, #rrggbb, and whether text on the primary colour must be dark. */
export interface BannerPalette {
  background: string;
  primary: string;
  accent: string;
  primaryIsLight: boolean;
}

/** A rich section, resolved by compile: links are hrefs, prices are formatted, dates are labels. */
export type SectionData = { id: string | null } & (
  | {
      type: "banner";
      title: string;
      discount: string | null;
      discountDescribe: string | null;
      text: string | null;
      link: Link | null;
      image: Picture | null;
      view: string | null;
      dates: string | null;
      /** The campaign's colours (its art palette); null for a banner of no campaign. */
      palette: BannerPalette | null;
    }
  | { type: "subscribe"; texts: SubscribeTexts }
  | { type: "benefits"; items: { label: string; icon: SectionBenefits["items"][number]["icon"] }[] }
  | {
      type: "timeline";
      title: string | null;
      stages: StageInfo[];
      /** What each stage's state reads as: "Ended", "Live now", "Coming soon". */
      stateLabels: Record<StageInfo["state"], string>;
      countdown: {
        endsAt: number;
        labels: { title: string; days: string; hours: string; minutes: string; seconds: string; ended: string };
      } | null;
    }
  | {
      type: "preview";
      title: string | null;
      unlockSoon: string;
      items: {
        product: ProductCard;
        listPrice: Price | null;
        prices: { stage: number; name: string; text: string | null; state: StageInfo["state"] }[];
      }[];
    }
  | {
      type: "products";
      title: string | null;
      groups: { id: string; label: string; title: string | null; content: string | null; items: SaleItem[] }[];
      labels: { buy: string; learnMore: string; soldOut: string };
    }
  | {
      type: "offers";
      title: string | null;
      items: { title: string; content: string; image: Picture | null; button: Link | null }[];
    }
  | { type: "lucky-draw"; title: string; describe: string; paragraphs: readonly string[]; image: Picture | null }
  | { type: "tabs"; items: Link[] }
  | { type: "terms"; title: string; paragraphs: readonly string[] }
  | {
      type: "promo";
      title: string;
      subtitle: string | null;
      describe: string | null;
      button: Link | null;
      image: Picture | null;
    }
  | {
      type: "cards";
      title: string | null;
      learnMore: string;
      items: {
        title: string;
        subtitle: string | null;
        image: Picture | null;
        href: string | null;
        product: ProductCard | null;
        copyright: string | null;
      }[];
    }
  | { type: "ecosystem"; title: string; items: { title: string; describe: string; href: string }[] }
  | {
      type: "quotes";
      title: string | null;
      items: { comment: string; commentator: string; icon: Picture | null }[];
      /** The carousel's buttons. */
      labels: { previous: string; next: string };
    }
  | {
      type: "feature";
      title: string;
      paragraphs: readonly string[];
      list: string[];
      image: Picture | null;
      /** The clip the Watch Video button plays in a dialog; dialogId is unique on the page. */
      video: {
        src: string;
        dialogId: string;
        labels: { watch: string; replay: string; fullScreen: string; close: string };
      } | null;
      /** More about the feature in a dialog (Grimlock's programming actions). */
      dialog: {
        id: string;
        button: string;
        title: string;
        paragraphs: readonly string[];
        items: { title: string; text: string }[];
        close: string;
      } | null;
    }
  | {
      type: "gallery";
      title: string | null;
      tip: string | null;
      /** Each image as a thumbnail and full size (the dialog). */
      images: { thumb: Picture; full: Picture }[];
      labels: { open: string; close: string };
    }
  | {
      type: "voice-commands";
      title: string;
      groups: { title: string; words: string[] }[];
      /** Id of the dialog that lists the words, unique on the page. */
      dialogId: string;
      close: string;
    }
  | { type: "comparison"; title: string; products: ProductCard[]; rows: { label: string; values: string[] }[] }
  | {
      type: "faq";
      title: string | null;
      items: { question: string; answer: readonly string[] }[];
      /** How long an answer takes to unfold or fold (constants.yaml collapseTransitionSeconds). */
      collapseSeconds: number;
    }
  | {
      type: "booking";
      productId: string;
      phase: Exclude<ProductPhase, "pre-heat">;
      title: string;
      note: string;
      tips: string | null;
      list: { period: string; detail: string }[];
      price: Price | null;
      listPrice: Price | null;
      save: string | null;
      buy: Link | null;
    }
  | { type: "community"; message: string; button: string }
  | { type: "more-surprises"; describe: string; subDescribe: string | null }
);

/** The data of one section kind. */
export type SectionOf<K extends SectionData["type"]> = Extract<SectionData, { type: K }>;
