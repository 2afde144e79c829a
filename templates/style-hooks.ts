// Classes a template emits with no style rule of their own, on purpose: what the runtime and the
// tests select by, and states a rule may style later. The guard that every class a template emits
// has a rule (tests, helper E) accepts these and nothing else. A name ending in "*" stands for
// every class with that prefix.
export const styleHooks: readonly string[] = [
  // Set on <html> by the runtime: the layout (constants.yaml layout) and image support.
  "window",
  "ipad",
  "mobile",
  "webp",
  "no-webp",
  // Set by the runtime: an element scrolled into view (main.ts); a drop-down opened or closed by
  // its button, and the folded menu opened (menus.ts).
  "animated",
  "is-open",
  "is-dismissed",
  // A section names its kind beside .section ("section cards"); its own rules use its parts.
  "banner",
  "benefits",
  "booking",
  "cards",
  "community",
  "comparison",
  "ecosystem",
  "faq",
  "feature",
  "gallery",
  "lucky-draw",
  "more-surprises",
  "offers",
  "page-tabs",
  "preview",
  "products",
  "promo",
  "quotes",
  "subscribe-section",
  "terms",
  "timeline",
  "voice-commands",
  // Page roots, by template: for rules scoped to one kind of page.
  "campaign",
  "product-page",
  // A product's availability on its card, sale item and page (is-buy, is-preOrder, is-soldOut,
  // is-comingSoon); only the states that look different have rules.
  "is-buy",
  "is-preOrder",
  "is-soldOut",
  "is-comingSoon",
  // A feature's picture that plays a clip: its Watch Video control carries the look.
  "is-video",
  // Sale items of a product group: the grid is .card-grid beside it.
  "sale-items",
  // Where a menu entry is hidden (navigation `hidden:`); hidden-mobile has its rule.
  "hidden-*",
  // Icons by the name a spec gives (icons.css draws the known ones; others show a dot).
  "icon-*",
  // A payment method by its id (payment-method is-paypal); the known brands have colours.
  "is-paypal",
  "is-klarna",
];
