// Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit: change the schema.

/**
 * Where the runtime sends its calls, per environment and region group, and what the answers mean. specs/api.yaml.
 */

export interface API {
  /**
   * Base URL per region group in each environment.
   */
  environments: {
    test: Hosts;
    preproduction: Hosts1;
    production: Hosts2;
  };
  /**
   * Hosts on which pages use the pre-production API.
   *
   * @minItems 1
   */
  preproductionHosts: string[];
  /**
   * Paths of the calls the runtime makes.
   */
  endpoints: {
    timestamp: Endpoint;
    subscribe: Endpoint1;
    registerOrLogin: Endpoint2;
    signIn: Endpoint3;
    refresh: Endpoint4;
    profile: Endpoint5;
  };
  /**
   * Request timeouts in milliseconds.
   */
  timeouts: {
    /**
     * Any call, in milliseconds (60000 is a minute; under a second no call would come back).
     */
    default: number;
    /**
     * The server-time call, in milliseconds (10000 is ten seconds).
     */
    timestamp: number;
  };
  /**
   * Answer codes of the response envelope {code, msg, data}.
   */
  codes: {
    /**
     * The call succeeded; data is returned.
     */
    success: number;
    /**
     * The app token expired; a refresh is attempted.
     */
    loginExpired: number;
  };
  /**
   * Milliseconds between the login-expired toast and the move to the login page: long enough to read the toast (2000 is two seconds), so not under 500.
   */
  loginRedirectDelay?: number;
}
/**
 * Hosts of the test environment, for test deployments. The runtime itself picks pre-production on the hub hosts and production everywhere else (seed 000 §7).
 */

export interface Hosts {
  /**
   * Regions of the us group.
   */
  us: string;
  /**
   * Regions of the eu group.
   */
  eu: string;
  /**
   * The cn region.
   */
  cn: string;
}
/**
 * Used when the page is served from one of preproductionHosts.
 */

export interface Hosts1 {
  /**
   * Regions of the us group.
   */
  us: string;
  /**
   * Regions of the eu group.
   */
  eu: string;
  /**
   * The cn region.
   */
  cn: string;
}
/**
 * Used everywhere else.
 */

export interface Hosts2 {
  /**
   * Regions of the us group.
   */
  us: string;
  /**
   * Regions of the eu group.
   */
  eu: string;
  /**
   * The cn region.
   */
  cn: string;
}
/**
 * Server time; called with an empty base URL (same origin).
 */

export interface Endpoint {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}
/**
 * Newsletter sign-up.
 */

export interface Endpoint1 {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}
/**
 * Register or log in (standard and cn variants).
 */

export interface Endpoint2 {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}
/**
 * Old login.
 */

export interface Endpoint3 {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}
/**
 * Token refresh, query user_id.
 */

export interface Endpoint4 {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}
/**
 * User profile.
 */

export interface Endpoint5 {
  /**
   * HTTP method.
   */
  method: "GET" | "POST";
  /**
   * Path below the base URL.
   */
  path: string;
  /**
   * false: errors of this call show no toast.
   */
  toast?: boolean;
}

/**
 * What each image shows. No photographs exist: the build draws every image from this data, in the colours of the product or campaign it shows. A product's own image (catalogue.yaml image) is drawn from the catalogue and needs no entry; a picture file specs/images/<key>.png or .jpg replaces the drawing of its key. specs/artwork.yaml.
 */

export interface Artwork {
  /**
   * The company's look: the logo, the icons and every picture that shows no product or campaign.
   */
  brand: {
    palette: Palette;
  };
  /**
   * Images keyed by image key.
   */
  images: {
    [k: string]: Image;
  };
}
/**
 * Three colours, each #rrggbb: { background, primary, accent }.
 */

export interface Palette {
  /**
   * The ground, covering most of the picture.
   */
  background: string;
  /**
   * The main shapes.
   */
  primary: string;
  /**
   * Highlights and small details.
   */
  accent: string;
}
/**
 * One drawing: what it shows and of whom.
 */

export interface Image {
  /**
   * What the picture shows. Of a product: portrait (robot mode), hero (robot and vehicle, wide), vehicle (vehicle mode), detail (head close-up), blueprint (technical drawing), app (the app on a phone), chip (its electronics), scene (on a stage), accessories, versus (beside the product of `versus`). Of a campaign: backdrop (a wide banner ground), gift, draw (a prize draw), membership (a member card), offer (a price tag). Of the company: logo, favicon, support, news, warranty, download, store, badge (a publication's badge, from `label`).
   */
  view:
    | "portrait"
    | "hero"
    | "vehicle"
    | "detail"
    | "blueprint"
    | "app"
    | "chip"
    | "scene"
    | "accessories"
    | "versus"
    | "backdrop"
    | "gift"
    | "draw"
    | "membership"
    | "offer"
    | "logo"
    | "favicon"
    | "support"
    | "news"
    | "warranty"
    | "download"
    | "store"
    | "badge";
  /**
   * The product shown, in its catalogue colours and silhouette.
   */
  product?: string;
  /**
   * The product shown beside it (view versus).
   */
  versus?: string;
  /**
   * The campaign whose palette and motif the picture takes (a file of campaigns/).
   */
  campaign?: string;
  /**
   * The gift shown (view gift).
   */
  item?: "cap" | "tshirt" | "mug" | "bottle" | "books";
  /**
   * The publication a badge stands for; its initials are drawn (view badge).
   */
  label?: string;
  /**
   * Another angle or setting of the same view, for galleries.
   */
  variant?: number;
}

/**
 * An instant (2025-04-28T15:00+08:00, 2024-11-14T09:00 Europe/Paris); a local time (2024-11-14T09:00) read in the campaign's zone; or a date (2024-12-09), the start of that local day in each region's own zone (site.yaml), so '9 to 31 December' means those days wherever the shopper is.
 */

export type Time = string;

/**
 * A timed campaign: its regions, its stages, its prices, and where shoppers see it. The file name is the campaign id. specs/campaigns/<id>.yaml. A page of pages.yaml that names the campaign is its landing page: that page's window is derived from the stages (first start to last end in each region), never written.
 */

export interface Campaign {
  /**
   * Name used in reports (check-windows).
   */
  name: string;
  /**
   * Regions that run the campaign.
   *
   * @minItems 1
   *
   * Items: A region code as declared in site.yaml (us, uk, eu, fr, de, jp, kr, cn).
   */
  regions: string[];
  /**
   * Stages in order; stage 1 is the first. Each is a half-open window [start, end).
   *
   * @minItems 1
   */
  stages: {
    /**
     * Stage name (Early Black Friday).
     */
    name: string;
    /**
     * When the stage begins.
     */
    start:
      | Time
      | {
          [k: string]: Time;
        };
    /**
     * When the stage is over; omit for no end.
     */
    end?:
      | Time
      | {
          [k: string]: Time;
        };
    /**
     * true: the stage starts after a pause the campaign intends (otherwise a gap before it is an error).
     */
    gapBefore?: boolean;
  }[];
  /**
   * IANA time zone in which times written without an offset are read (Europe/Paris for Black Friday).
   */
  zone?: string;
  /**
   * Time zone of the dates shown to visitors (Father's Day is shown in America/Los_Angeles); default: zone.
   */
  displayZone?: string;
  /**
   * The whole campaign: every stage must lie inside it.
   */
  window?: {
    /**
     * An instant (2025-04-28T15:00+08:00, 2024-11-14T09:00 Europe/Paris); a local time (2024-11-14T09:00) read in the campaign's zone; or a date (2024-12-09), the start of that local day in each region's own zone (site.yaml), so '9 to 31 December' means those days wherever the shopper is.
     */
    start?: string;
    /**
     * An instant (2025-04-28T15:00+08:00, 2024-11-14T09:00 Europe/Paris); a local time (2024-11-14T09:00) read in the campaign's zone; or a date (2024-12-09), the start of that local day in each region's own zone (site.yaml), so '9 to 31 December' means those days wherever the shopper is.
     */
    end?: string;
  };
  /**
   * Campaign prices per region, per product: one price per stage (~ where the product has no campaign price in that stage). Each must be below the product's list price.
   */
  offers?: {
    [k: string]: {
      [k: string]: (number | null)[];
    };
  };
  /**
   * A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
   */
  preOrder?: string;
  /**
   * Where shoppers see the campaign, per region: each entry shows while one of its stages is live. Every stage of a campaign with a landing page needs at least one entry that leads there in every region that runs the page.
   */
  promotion?: {
    /**
     * @minItems 1
     */
    [k: string]: PromotionEntry[];
  };
  /**
   * Query parameters the campaign's pages add to shop links (buy buttons of its sale items), e.g. utm_campaign, so the shop can tell where an order came from.
   */
  buyQuery?: {
    [k: string]: string;
  };
  art?: CampaignArt;
}
/**
 * The entry points of one or more stages in one region. Texts may use {upTo} (the largest saving of the stage's offers in the region, in whole percent, rounded down) and {dates} (the stage's dates as shoppers read them); {stage1Start} and {stage1End} are any stage's first and last minute, with the year and time.
 */

export interface PromotionEntry {
  /**
   * Stages at which these entries show.
   *
   * @minItems 1
   *
   * Items: A stage number, 1 for the first stage.
   */
  stage: number[];
  /**
   * Where the entries lead; default: the campaign's landing page in the region.
   */
  link?: string;
  /**
   * The site-wide text banner above the header; it takes the place of the region's own banner while it shows.
   */
  textBanner?: {
    /**
     * Banner text.
     */
    label: string;
    /**
     * Background colour.
     */
    bg: "blue" | "red" | "black" | "orange" | "green";
  };
  /**
   * A top-level menu entry, placed after the region's first navigation entry.
   */
  menu?: {
    /**
     * Visible text.
     */
    label: string;
    /**
     * Icon shown before the label.
     */
    icon?: "new" | "hot" | "gift" | "support" | "download" | "user" | "globe" | "store";
  };
  /**
   * The promotion banner at the top of the region's home page.
   */
  homeBanner?: {
    /**
     * Heading.
     */
    title: string;
    /**
     * The discount in big letters; write {upTo}% rather than a figure (Up to {upTo}% OFF).
     */
    discount?: string;
    /**
     * Line under the discount.
     */
    discountDescribe?: string;
    /**
     * Body text.
     */
    text?: string;
    /**
     * Call to action.
     */
    linkText?: string;
    /**
     * Image key.
     */
    image?: string;
    /**
     * Design variant (FathersDay).
     */
    view?: string;
    /**
     * Show the stage's dates under the title.
     */
    showDates?: boolean;
  };
}
/**
 * The campaign's colours and motif: its banners' artwork is drawn from them (the banner's text is the page's, never part of the picture).
 */

export interface CampaignArt {
  palette: Palette;
  /**
   * The pattern over the background: light rays, snowflakes, confetti or diagonal stripes.
   */
  motif?: "rays" | "snow" | "confetti" | "stripes";
}
/**
 * Three colours, each #rrggbb: { background, primary, accent }.
 */

/**
 * Every product and its facts per region. Prices live in prices.yaml; links are derived from the product's page. specs/catalogue.yaml.
 */

export interface ProductCatalogue {
  /**
   * Products keyed by identifier.
   */
  products: {
    [k: string]: {
      /**
       * Product series, used to group manuals.
       */
      series: "megatron" | "grimlock" | "optimus-prime" | "bumblebee" | "k1" | "buzz-lightyear" | "ai-base" | "t9";
      /**
       * Image key of the product (the seed's alt).
       */
      image: string;
      art?: ProductArt;
      /**
       * A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
       */
      aliasOf?: string;
      /**
       * Products sold together as this bundle.
       *
       * @minItems 2
       *
       * Items: A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
       */
      bundle?: string[];
      /**
       * Per-region facts, keyed by region code.
       */
      regions?: {
        [k: string]: {
          /**
           * Product name in the region's language; may contain line breaks.
           */
          name: string;
          /**
           * Product page of the external regional store. A product with a buy link is offered in the region.
           */
          buy?: string;
          /**
           * Pre-order wording instead of buy.
           */
          isPreSale?: boolean;
          /**
           * Units in stock; 0 means sold out.
           */
          stock: number;
        };
      };
    };
  };
  /**
   * The name of each series, as manual lists and other headings show it (Optimus Prime for optimus-prime). Default: the series id.
   */
  series?: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    [k: string]: string;
  };
}
/**
 * How the build draws the product (no photographs exist): its colours and the silhouette of its robot and vehicle modes. A bundle is drawn from its products, an alias from the product it names.
 */

export interface ProductArt {
  /**
   * The product's colours.
   */
  palette: {
    /**
     * Main colour of the armour.
     */
    body: string;
    /**
     * Joints, frame and details.
     */
    trim: string;
    /**
     * Eyes, lights and screens.
     */
    glow: string;
  };
  /**
   * What the product looks like: a robot that becomes a car, a truck, a tank or a dinosaur; a space ranger; a small rover or agent robot; or a display base.
   */
  silhouette: "car" | "truck" | "tank" | "dinosaur" | "space-ranger" | "rover" | "agent" | "display-base";
}

/**
 * Timings, sizes and policy figures used across the site. specs/constants.yaml.
 */

export interface SystemConstants {
  /**
   * Message toasts.
   */
  toast: {
    /**
     * How long a toast stays, in milliseconds (3000 is three seconds; under a second it cannot be read).
     */
    durationMs: number;
  };
  /**
   * Notification pop-ups.
   */
  notification: {
    /**
     * How long a notification stays, in milliseconds (4500 is four and a half seconds; under a second it cannot be read).
     */
    durationMs: number;
    /**
     * Distance from the window edge in px.
     */
    offset: number;
    /**
     * Width in px.
     */
    width: number;
  };
  /**
   * Duration of the collapse animation, in seconds (0.5 is half a second).
   */
  collapseTransitionSeconds: number;
  /**
   * Px an element must be inside the viewport before it animates in.
   */
  scrollFloatOffset: number;
  /**
   * Minimum window widths in px of the layout classes; narrower than ipad is 'mobile'.
   */
  layout: {
    /**
     * Width from which the layout class is 'window'.
     */
    window: number;
    /**
     * Width from which the layout class is 'ipad'.
     */
    ipad: number;
  };
  /**
   * Price guarantee after purchase.
   */
  priceGuaranteeDays: number;
  /**
   * Standard warranty.
   */
  warrantyYears: number;
  /**
   * Delivery delay warning range.
   */
  deliveryDelayDays: {
    /**
     * Fewest days.
     */
    min: number;
    /**
     * Most days.
     */
    max: number;
  };
}

/**
 * Head data in Chinese, Japanese or Korean, whose characters each carry more and are drawn wider: a description of 10 to 100 characters, about what a search result shows.
 *
 * This interface was referenced by `PerLanguage`'s JSON-Schema definition
 * via the `patternProperty` "^(zh|ja|ko)$".
 */

export type HeadCjk = HeadFields & {
  /**
   * In Chinese, Japanese or Korean, a meta description is 10 to 100 characters: about what a search result shows, the characters drawn wider.
   */
  description?: string;
};
/**
 * Head data in a language written in Latin letters: a description of 20 to 200 characters, about what a search result shows.
 */

export type Head = HeadFields & {
  /**
   * In Latin letters, a meta description is 20 to 200 characters: about what a search result shows.
   */
  description?: string;
};
/**
 * A section of a rich page; `type` says which kind.
 */

export type RichSection = {
  /**
   * Section kind.
   */
  type:
    | "banner"
    | "subscribe"
    | "benefits"
    | "timeline"
    | "preview"
    | "products"
    | "offers"
    | "lucky-draw"
    | "tabs"
    | "terms"
    | "promo"
    | "cards"
    | "ecosystem"
    | "quotes"
    | "feature"
    | "gallery"
    | "voice-commands"
    | "comparison"
    | "faq"
    | "booking"
    | "community"
    | "more-surprises";
} & RichSection1;

export type RichSection1 =
  | SectionBanner
  | SectionSubscribe
  | SectionBenefits
  | SectionTimeline
  | SectionPreview
  | SectionProducts
  | SectionOffers
  | SectionLuckyDraw
  | SectionTabs
  | SectionTerms
  | SectionPromo
  | SectionCards
  | SectionEcosystem
  | SectionQuotes
  | SectionFeature
  | SectionGallery
  | SectionVoiceCommands
  | SectionComparison
  | SectionFaq
  | SectionBooking
  | SectionCommunity
  | SectionMoreSurprises;
/**
 * Element id, the target of #anchor links.
 */

export type SectionId = string;
/**
 * Stages of the page's campaign at which the section shows; before its stage starts it is left out of the build entirely.
 *
 * @minItems 1
 *
 * Items: A stage number of the campaign, 1 for its first stage.
 */

export type SectionStages = number[];

/**
 * What one page says: its head data per language and the blocks its template renders. One file per page id: specs/content/<page-id>.yaml (specs/content/where-to-buy/hongkong-macao.yaml for a child page). Texts may use {returnDays}, {warrantyYears}, {priceGuaranteeDays}, {deliveryDelayMin}, {deliveryDelayMax}, {brand} and {supportEmail}: they are filled in per region.
 */

export interface PageContent {
  head: PerLanguage;
  hero?: PerLanguage1;
  body?: PerLanguage2;
  product?: PerLanguage3;
  dealers?: PerRegion;
  manuals?: PerRegion1;
  /**
   * Sections of a rich page (campaign, home, product), per region code, in page order. A section absent from a region's list is absent from its page.
   */
  sections?: {
    /**
     * @minItems 1
     */
    [k: string]: RichSection[];
  };
}
/**
 * Title, description and keywords of the page, per language of the regions that carry it.
 */

export interface PerLanguage {
  [k: string]: HeadCjk | Head;
}

export interface HeadFields {
  /**
   * Page title; the brand name is added after it.
   */
  title: string;
  /**
   * Meta description: one or two sentences.
   */
  description: string;
  /**
   * Meta keywords.
   *
   * @minItems 1
   *
   * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  keywords: string[];
}
/**
 * The heading block at the top of the page, per language.
 */

export interface PerLanguage1 {
  [k: string]: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    subtitle?: string;
  };
}
/**
 * Sections of an article page, per language.
 */

export interface PerLanguage2 {
  /**
   * @minItems 1
   */
  [k: string]: Section[];
}

export interface Section {
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  heading?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  text: string;
  /**
   * Bullet points after the text.
   *
   * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  list?: string[];
  /**
   * Links after the text.
   */
  links?: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    label: string;
    /**
     * Page of this region, site path or https:// address.
     */
    link: string;
  }[];
  /**
   * A text about this campaign (its announcement): published from the campaign's first stage start in each region, not in any build before it.
   */
  campaign?: string;
  /**
   * Day the section was published, YYYY-MM-DD, in the region's time zone. An article's dated sections are its news: the items of the Atom feed beside the page in each region (news/feed.xml), newest first.
   */
  date?: string;
}
/**
 * What a product page says about its product, per language. Name, price and buy link come from the catalogue and the price table.
 */

export interface PerLanguage3 {
  [k: string]: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    tagline: string;
    /**
     * Short selling points.
     *
     * @minItems 1
     *
     * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    highlights: string[];
    /**
     * Specification rows.
     */
    specs?: {
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      label: string;
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      value: string;
    }[];
  };
}
/**
 * Shops that sell the robots, per region code.
 */

export interface PerRegion {
  /**
   * @minItems 1
   */
  [k: string]: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * The shop's site.
     */
    link: string;
    /**
     * Postal address: one line, or a list of lines (branches).
     */
    address: string | string[];
    /**
     * Image key of the shop's logo.
     */
    img?: string;
  }[];
}
/**
 * Downloadable manuals per region code, grouped by product series.
 */

export interface PerRegion1 {
  /**
   * @minItems 1
   */
  [k: string]: {
    /**
     * Product series.
     */
    series: "megatron" | "grimlock" | "optimus-prime" | "bumblebee" | "k1" | "buzz-lightyear" | "ai-base" | "t9";
    /**
     * @minItems 1
     */
    files: {
      /**
       * File name of the PDF.
       */
      name: string;
      /**
       * File size as shown, e.g. 12.4 MB.
       */
      size: string;
      /**
       * Last update, YYYY-MM-DD.
       */
      date: string;
    }[];
  }[];
}
/**
 * A banner with a title and a call to action.
 */

export interface SectionBanner {
  /**
   * Section kind.
   */
  type: "banner";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  discount?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  discountDescribe?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  text?: string;
  /**
   * Page of this region (with #anchor), site path or https:// address.
   */
  link?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  linkText?: string;
  /**
   * Image key.
   */
  image?: string;
  /**
   * Named variant of the banner (FathersDay).
   */
  view?: string;
  /**
   * Show the campaign's dates (derived from its stages) on the banner.
   */
  showDates?: boolean;
}
/**
 * E-mail sign-up with the campaign's own words.
 */

export interface SectionSubscribe {
  /**
   * Section kind.
   */
  type: "subscribe";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  describe: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  placeholder: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  button: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  invalid: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  success: string;
}
/**
 * A strip of benefits with icons.
 */

export interface SectionBenefits {
  /**
   * Section kind.
   */
  type: "benefits";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    label: string;
    /**
     * Icon.
     */
    icon:
      | "price-guarantee"
      | "membership-benefit"
      | "customer-support"
      | "enjoy-sooner"
      | "free-shipping"
      | "exchange-policy";
  }[];
}
/**
 * The campaign's stages with their dates and a countdown to the end of the live stage (all derived from the campaign).
 */

export interface SectionTimeline {
  /**
   * Section kind.
   */
  type: "timeline";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
}
/**
 * Products with their price in each stage; a stage not yet started shows 'UNLOCK SOON' and '??'.
 */

export interface SectionPreview {
  /**
   * Section kind.
   */
  type: "preview";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * Products shown.
   *
   * @minItems 1
   *
   * Items: A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
   */
  products: string[];
}
/**
 * Product groups shown as tabs.
 */

export interface SectionProducts {
  /**
   * Section kind.
   */
  type: "products";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * @minItems 1
   */
  groups: {
    id: SectionId;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    label: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title?: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    content?: string;
    /**
     * @minItems 1
     */
    items: {
      /**
       * A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
       */
      product: string;
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      describe?: string;
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      identify?: string;
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      extendedWarranty?: string;
      /**
       * Free gifts shown as small pictures (the seed's miniPicture).
       */
      gifts?: ("clothing" | "insulatedCup" | "hat")[];
      /**
       * Campaign buy link (for example with campaign query parameters); default: the catalogue's.
       */
      buy?: string;
    }[];
  }[];
}
/**
 * Special offers.
 */

export interface SectionOffers {
  /**
   * Section kind.
   */
  type: "offers";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    content: string;
    /**
     * Image key.
     */
    image?: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    button?: string;
    /**
     * Page of this region (with #anchor), site path or https:// address.
     */
    link?: string;
  }[];
}
/**
 * A prize draw.
 */

export interface SectionLuckyDraw {
  /**
   * Section kind.
   */
  type: "lucky-draw";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  describe: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  content: string;
  /**
   * Image key.
   */
  image?: string;
}
/**
 * Tabs that jump to sections of the page.
 */

export interface SectionTabs {
  /**
   * Section kind.
   */
  type: "tabs";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    label: string;
    /**
     * #anchor of a section on this page.
     */
    link: string;
  }[];
}
/**
 * Terms and conditions.
 */

export interface SectionTerms {
  /**
   * Section kind.
   */
  type: "terms";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  content: string;
}
/**
 * A block with a title and a call to action (gift guide, tiered rewards, members-only offers).
 */

export interface SectionPromo {
  /**
   * Section kind.
   */
  type: "promo";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  subtitle?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  describe?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  button?: string;
  /**
   * Page of this region (with #anchor), site path or https:// address.
   */
  link?: string;
  /**
   * Image key.
   */
  image?: string;
}
/**
 * Cards of products or topics.
 */

export interface SectionCards {
  /**
   * Section kind.
   */
  type: "cards";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
     */
    product?: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    subtitle?: string;
    /**
     * Image key.
     */
    image?: string;
    /**
     * Page of this region (with #anchor), site path or https:// address.
     */
    link?: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    copyright?: string;
  }[];
}
/**
 * The software ecosystem: external sites and apps.
 */

export interface SectionEcosystem {
  /**
   * Section kind.
   */
  type: "ecosystem";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    describe: string;
    /**
     * Its address.
     */
    link: string;
  }[];
}
/**
 * Quotes from the press or reviewers.
 */

export interface SectionQuotes {
  /**
   * Section kind.
   */
  type: "quotes";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    comment: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    commentator: string;
    /**
     * Image key.
     */
    icon?: string;
  }[];
}
/**
 * A product feature: heading, text, optional list and picture.
 */

export interface SectionFeature {
  /**
   * Section kind.
   */
  type: "feature";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  text: string;
  /**
   * Points.
   *
   * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  list?: string[];
  /**
   * Image key.
   */
  image?: string;
  /**
   * The clip that the Watch Video button over the picture plays, in a dialog with replay and full screen.
   */
  video?: string;
  /**
   * More about the feature, in a dialog that a button below the text opens (Grimlock's programming actions).
   */
  dialog?: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    button: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    text?: string;
    /**
     * What the dialog lists, each a name and a sentence or two.
     *
     * @minItems 1
     */
    items: {
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      title: string;
      /**
       * Text shown to visitors. Line breaks are kept; it cannot be blank.
       */
      text: string;
    }[];
  };
}
/**
 * Pictures that open full screen on click.
 */

export interface SectionGallery {
  /**
   * Section kind.
   */
  type: "gallery";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  tip?: string;
  /**
   * @minItems 1
   *
   * Items: Image key.
   */
  images: string[];
}
/**
 * A button that opens a dialog of voice command words, in groups.
 */

export interface SectionVoiceCommands {
  /**
   * Section kind.
   */
  type: "voice-commands";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * @minItems 1
   */
  groups: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    title: string;
    /**
     * @minItems 1
     *
     * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    words: string[];
  }[];
}
/**
 * A comparison chart of products; availability comes from the catalogue.
 */

export interface SectionComparison {
  /**
   * Section kind.
   */
  type: "comparison";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Products compared, in column order.
   *
   * @minItems 2
   *
   * Items: A product identifier from catalogue.yaml, in lowerCamelCase (flagshipBumblebee).
   */
  products: string[];
  /**
   * @minItems 1
   */
  rows: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    label: string;
    /**
     * One value per product.
     *
     * Items: Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    values: string[];
  }[];
}
/**
 * Questions and answers, collapsible.
 */

export interface SectionFaq {
  /**
   * Section kind.
   */
  type: "faq";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title?: string;
  /**
   * @minItems 1
   */
  items: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    question: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    answer: string;
  }[];
}
/**
 * Pre-order block: the early-bird price while the campaign's first stage runs, the price-recovery block after (prices from the campaign's offers and the price table).
 */

export interface SectionBooking {
  /**
   * Section kind.
   */
  type: "booking";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  title: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  note: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  recoveryTitle?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  recoveryNote?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  tips?: string;
  list?: {
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    period: string;
    /**
     * Text shown to visitors. Line breaks are kept; it cannot be blank.
     */
    detail: string;
  }[];
}
/**
 * A message box with a confirm button (the seed's 'Community building, stay tuned!').
 */

export interface SectionCommunity {
  /**
   * Section kind.
   */
  type: "community";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  message: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  button: string;
}
/**
 * The 'more surprises' line of a campaign page (seed 001 §3): a teaser that more deals and gifts are coming.
 */

export interface SectionMoreSurprises {
  /**
   * Section kind.
   */
  type: "more-surprises";
  id?: SectionId;
  stage?: SectionStages;
  /**
   * Campaign whose stages gate this section (default: the page's campaign).
   */
  campaign?: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  describe: string;
  /**
   * Text shown to visitors. Line breaks are kept; it cannot be blank.
   */
  subDescribe?: string;
}

/**
 * Texts of one language, loaded by the runtime on demand: API error messages and interface strings. Every language should have the same keys; a missing one shows its fallback language's text. One file per language: specs/messages/<language>.yaml.
 */

export interface MessageTable {
  /**
   * Messages shown in an error toast for an API answer other than success: one for each answer code of api.yaml (the login expired, 4003), and default for a code with none of its own.
   */
  api: {
    /**
     * Message for a code with no message of its own.
     */
    default: string;
    /**
     * Message for this answer code.
     *
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^[0-9]{4}$".
     */
    [k: string]: string;
  };
  ui: Group;
  /**
   * The language whose text shows where this table lacks one (de falls back to en). The build says which pages show a fallback text; a text missing along the whole chain is an error.
   */
  fallback?: "zh" | "en" | "de" | "fr" | "ja" | "ko";
}
/**
 * Interface strings, grouped by screen.
 */

export interface Group {
  /**
   * A text, or a group of texts under names of their own
   */
  [k: string]: string | Group1;
}

export interface Group1 {
  /**
   * A text, or a group of texts under names of their own
   */
  [k: string]: string | Group1;
}

/**
 * The company as structured data (JSON-LD Organization) on every page. specs/organisation.yaml.
 */

export interface Organisation {
  /**
   * Registered company name.
   */
  legalName: string;
  /**
   * Image key of the logo.
   */
  logo: string;
  /**
   * Ways to reach the company.
   *
   * @minItems 1
   */
  contactPoints: {
    /**
     * What the contact is for.
     */
    contactType: "customer support" | "marketing" | "sales" | "technical support";
    /**
     * E-mail address.
     */
    email: string;
    /**
     * Phone number in international form.
     */
    telephone?: string;
    /**
     * Countries served by this contact.
     */
    areaServed?: string[];
  }[];
  /**
   * Countries and areas the company serves (US, GB, Europe, CN).
   *
   * @minItems 1
   */
  areasServed: string[];
  /**
   * Profile addresses listed as sameAs, per region code (the footer media of that region are checked against them).
   *
   * Items: An absolute https:// address on another site.
   */
  socialProfiles: string[];
}

/**
 * Regions that carry the page, or 'all'.
 */

export type Regions = "all" | string[];

/**
 * Every page of the site and the regions that carry it. A page's path in a region is the region prefix followed by its id. specs/pages.yaml.
 */

export interface Pages {
  /**
   * Pages keyed by id; the id is the path under the region prefix ('home' is the prefix alone).
   */
  pages: {
    [k: string]: Page;
  };
}

export interface Page {
  regions: Regions;
  /**
   * The page kind that renders it.
   */
  template?:
    "home" | "region-chooser" | "product" | "campaign" | "where-to-buy" | "manuals" | "login" | "account" | "article";
  /**
   * Product shown by a product page.
   */
  product?: string;
  /**
   * Campaign shown by a campaign page.
   */
  campaign?: string;
  /**
   * Element id the page scrolls to on arrival instead of the top.
   */
  scrollTo?: string;
  window?: Window;
  /**
   * The page is a redirect to another page of the same region.
   */
  redirect?: {
    /**
     * A page identifier from pages.yaml (flagship-bumblebee, where-to-buy/hongkong-macao).
     */
    to: string;
    /**
     * 301 permanent, 302 temporary.
     */
    status: 301 | 302;
  };
  /**
   * Pages below this one, keyed by their last path segment.
   */
  children?: {
    [k: string]: Page;
  };
}
/**
 * The page is reachable only inside this window; outside it visitors go to the region home.
 */

export interface Window {
  /**
   * First instant at which the window is live.
   */
  start?: string;
  /**
   * First instant at which the window is over.
   */
  end?: string;
}

/**
 * List prices: one row per product, one column per selling region, in the region's currency. ~ means not sold there. specs/prices.yaml.
 */

export interface PriceTable {
  /**
   * Regions that sell, in column order.
   *
   * @minItems 1
   *
   * Items: A region code as declared in site.yaml (us, uk, eu, fr, de, jp, kr, cn).
   */
  columns: string[];
  /**
   * List prices keyed by product id, one cell per column.
   */
  list: {
    /**
     * Items: A price in the column's currency, or ~ where the product is not sold.
     */
    [k: string]: (number | null)[];
  };
}

/**
 * The choose-your-region page and the header region switcher. Links are derived from each option's region. specs/region-chooser.yaml.
 */

export interface RegionChooser {
  title: LocalizedText;
  description: LocalizedText1;
  /**
   * Countries a visitor can pick, in display order.
   *
   * @minItems 1
   */
  options: {
    /**
     * Country and language, e.g. 'Canada - English'.
     */
    label: string;
    /**
     * Site the option leads to.
     */
    region: string;
    /**
     * Country code stored when the option is picked.
     */
    country: "US" | "CA" | "EU" | "GB" | "FR" | "DE" | "CN" | "JP" | "KR" | "OTHER";
  }[];
}
/**
 * Page heading in the six languages.
 */

export interface LocalizedText {
  /**
   * Chinese.
   */
  zh: string;
  /**
   * English.
   */
  en: string;
  /**
   * German.
   */
  de: string;
  /**
   * French.
   */
  fr: string;
  /**
   * Japanese.
   */
  ja: string;
  /**
   * Korean.
   */
  ko: string;
}
/**
 * Line under the heading in the six languages.
 */

export interface LocalizedText1 {
  /**
   * Chinese.
   */
  zh: string;
  /**
   * English.
   */
  en: string;
  /**
   * German.
   */
  de: string;
  /**
   * French.
   */
  fr: string;
  /**
   * Japanese.
   */
  ja: string;
  /**
   * Korean.
   */
  ko: string;
}

/**
 * Everything one region shows around its pages: currency, shop, navigation, footer, newsletter and labels. One file per region: specs/regions/<code>.yaml.
 */

export interface RegionalSettings {
  /**
   * Currency of every price shown in this region.
   */
  currency: "CNY" | "EUR" | "GBP" | "JPY" | "KRW" | "USD";
  /**
   * Payment methods the region's shop accepts, shown beside prices.
   *
   * Items: A payment method.
   */
  paymentMethods: ("paypal" | "klarna")[];
  /**
   * Pay-over-time offer. The per-month amount is derived from the price; never write it.
   */
  installment?: {
    /**
     * Number of monthly payments.
     */
    months: number;
    /**
     * Wording; {amount} is replaced by the derived monthly amount, {months} by the number of months.
     */
    text: string;
  };
  home: LabelledLink;
  shop?: LabelledLink1;
  account: LabelledLink2;
  /**
   * The region switcher in the header.
   */
  region: {
    /**
     * Name of the current region and language, e.g. 'United States - English'.
     */
    label: string;
  };
  /**
   * Social media profiles shown in the footer.
   */
  media: {
    /**
     * Icon of the network.
     */
    icon:
      | "instagram"
      | "facebook"
      | "youtube"
      | "tiktok"
      | "x"
      | "weibo"
      | "wechat"
      | "bilibili"
      | "douyin"
      | "naver"
      | "line";
    /**
     * Profile address.
     */
    link: string;
    /**
     * Accessible name of the link.
     */
    label: string;
  }[];
  /**
   * Copyright line of the footer. {year} is the year at the build's instant in the region's zone (© {year} Mechanova); a build says when the next year begins, to be built again then.
   */
  copyright: string;
  /**
   * Postal address of the company shown in the footer.
   */
  companyAddress: string;
  /**
   * Return guarantee in days: every page that names {returnDays} promises it, so there is no 0.
   */
  returnDays: number;
  /**
   * Newsletter block of the footer and campaign pages.
   */
  subscribe: {
    /**
     * Heading.
     */
    title: string;
    /**
     * One line under the heading.
     */
    describe: string;
    /**
     * Placeholder of the e-mail field.
     */
    placeholder: string;
    /**
     * Submit button.
     */
    button: string;
    /**
     * Shown for an address that is not valid.
     */
    invalid: string;
    /**
     * Shown after subscribing.
     */
    success: string;
    /**
     * A fuller success view (us): title, subtitle and a button to the store.
     */
    successView?: {
      /**
       * Heading of the success view.
       */
      successTitle: string;
      /**
       * Text under it.
       */
      successSubtitle: string;
      /**
       * Button that opens the store.
       */
      successButton: string;
      /**
       * Consent text shown under the form.
       */
      privacyPolicy: string;
    };
  };
  /**
   * The pop-up that invites first-time visitors to subscribe.
   */
  newUserPopupSubscribe: {
    /**
     * Heading.
     */
    title: string;
    /**
     * Offer text.
     */
    describe: string;
    /**
     * Placeholder of the e-mail field.
     */
    placeholder: string;
    /**
     * Submit button.
     */
    button: string;
    /**
     * Shown for an address that is not valid.
     */
    invalid: string;
  };
  /**
   * Labels of campaign countdowns.
   */
  countdown: {
    /**
     * Heading, e.g. 'Ends in'.
     */
    title: string;
    /**
     * Unit label for days.
     */
    days: string;
    /**
     * Unit label for hours.
     */
    hours: string;
    /**
     * Unit label for minutes.
     */
    minutes: string;
    /**
     * Unit label for seconds.
     */
    seconds: string;
    /**
     * Shown in place of the countdown once it reaches zero, e.g. 'This stage has ended'. The page stays as built until a newer build is deployed; then it reloads once.
     */
    ended: string;
  };
  /**
   * Short labels used on buttons and price tags.
   */
  labels: {
    /**
     * Buy button.
     */
    buy: string;
    /**
     * Buy button of a product on pre-sale.
     */
    preOrder: string;
    /**
     * Link to a product page.
     */
    learnMore: string;
    /**
     * Shown on items whose sale has not started (the seed spells the key unlcokSoon).
     */
    unlockSoon: string;
    /**
     * Prefix of a saving, e.g. 'Save'.
     */
    save: string;
    /**
     * Suffix of a percent discount, e.g. 'OFF'.
     */
    off: string;
    /**
     * Shown instead of the buy button when stock is 0.
     */
    soldOut: string;
    /**
     * Button that plays a product video.
     */
    watchVideo: string;
    /**
     * State of a product whose pre-order has not opened yet (pre-heat): shown instead of a price and a buy button.
     */
    comingSoon: string;
  };
  /**
   * The region's own thin banner above the header. A campaign's text banner (campaigns/<id>.yaml promotion) takes its place while the campaign's stage is live.
   */
  textBanner?: {
    /**
     * Where the banner leads.
     */
    link: string;
    /**
     * Banner text.
     */
    label: string;
    /**
     * Background colour.
     */
    bg: "blue" | "red" | "black" | "orange" | "green";
  }[];
  /**
   * Links in the footer's bottom row.
   */
  footerNavs: LabelledLink3[];
  /**
   * Header navigation. Entries may also appear in the footer unless hidden there.
   */
  navigation: NavItem[];
}
/**
 * The home link of the header logo and footer.
 */

export interface LabelledLink {
  /**
   * Visible text.
   */
  label: string;
  /**
   * Page path in this region, absolute site path, or https:// address.
   */
  link: string;
}
/**
 * The region's external online store (omit where the region has none).
 */

export interface LabelledLink1 {
  /**
   * Visible text.
   */
  label: string;
  /**
   * Page path in this region, absolute site path, or https:// address.
   */
  link: string;
}
/**
 * The account entry in the header.
 */

export interface LabelledLink2 {
  /**
   * Visible text.
   */
  label: string;
  /**
   * Page path in this region, absolute site path, or https:// address.
   */
  link: string;
}

export interface LabelledLink3 {
  /**
   * Visible text.
   */
  label: string;
  /**
   * Page path in this region, absolute site path, or https:// address.
   */
  link: string;
}

export interface NavItem {
  /**
   * Visible text. An entry that names a product (identify) shows the product's name in this region (catalogue.yaml), as its cards do, and writes none; a label written beside identify is ignored.
   */
  label?: string;
  /**
   * Product this entry stands for: its name in this region is the entry's label, and its price shows in the menu.
   */
  identify?: string;
  /**
   * Page path in this region, absolute site path, or https:// address. Entries with children may omit it.
   */
  link?: string;
  /**
   * Icon shown before the label.
   */
  icon?: "new" | "hot" | "gift" | "support" | "download" | "user" | "globe" | "store";
  /**
   * Places where this entry is not shown.
   */
  hidden?: ("header" | "footer" | "mobile")[];
  /**
   * Release instant of what the entry links to; the entry carries its tag from then on.
   */
  startTime?: string;
  /**
   * A small tag beside the label, such as NEW.
   */
  tag?: {
    /**
     * Tag text.
     */
    label: string;
    /**
     * Tag colour as #rrggbb.
     */
    color: string;
  };
  /**
   * Entries of the drop-down menu.
   */
  children?: NavItem[];
}

/**
 * The regions of the site, their paths, languages and origins. specs/site.yaml.
 */

export interface Site {
  /**
   * Brand name used in titles and structured data.
   */
  name: string;
  /**
   * Region served at the root path with no prefix; its locale is the default locale.
   */
  defaultRegion: string;
  /**
   * The sites the regions live on, by name. A region on another origin than the current page is a sister site: links to it open there.
   */
  origins: {
    /**
     * An absolute https:// address on another site.
     */
    [k: string]: string;
  };
  /**
   * Every region, keyed by its code. The path prefix is /<code>, except for the default region which has none.
   */
  regions: {
    [k: string]: {
      /**
       * Region name in its own language.
       */
      name: string;
      /**
       * BCP 47 locale of the region (en-US). Its first part picks the message table.
       */
      locale: string;
      /**
       * Language tag in alternate links when it is not the locale (eu is tagged en).
       */
      hreflang?: string;
      /**
       * Name of the origin (in origins) the region is served from.
       */
      origin: string;
      /**
       * Region group: picks the API prefix and the local-storage scope (/us, /eu, /cn).
       */
      group: "us" | "eu" | "cn";
      /**
       * Navigation inside this region always loads the page from the server (the cn site).
       */
      fullPageLoads?: boolean;
      /**
       * IANA time zone in which the region's visitors read times (check-windows shows local times in it).
       */
      zone: string;
    };
  };
  /**
   * An absolute https:// address on another site.
   */
  downloads: string;
  /**
   * Whose page is the x-default alternate of a page several regions have: the first of these regions that has it (seed 000 §2: cn, then us, then eu). Default: the default region.
   *
   * @minItems 1
   *
   * Items: A region code as declared in site.yaml (us, uk, eu, fr, de, jp, kr, cn).
   */
  xDefault?: string[];
  /**
   * The regions whose language the site-wide 404 page speaks, in order, each with a link to its home. Default: the default region.
   *
   * @minItems 1
   *
   * Items: A region code as declared in site.yaml (us, uk, eu, fr, de, jp, kr, cn).
   */
  notFoundRegions?: string[];
}
