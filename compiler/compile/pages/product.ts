// A product page: the product as the region sells it now (price, availability, instalments),
// its texts, and its rich sections (the booking block of a pre-order among them).

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";
import { pageSections } from "../sections/index.ts";

export function productPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"product"> {
  const fill = (text: string) => cx.fill(region, text);
  const lang = region.language;
  // link made sure a product page's product is sold in the region of the page.
  const product = cx.productCard(region, route.product!)!;
  const text = cx.pageContent(route)?.product?.[lang];
  return {
    template: "product",
    product,
    image: cx.picture(product.image.key, "feature", product.image.alt, true)!,
    tagline: fill(text?.tagline ?? ""),
    highlights: (text?.highlights ?? []).map(fill),
    specs: (text?.specs ?? []).map((s) => ({ label: fill(s.label), value: fill(s.value) })),
    paymentMethods: region.settings.paymentMethods,
    installment: product.price ? cx.installmentText(region, product.price.amount) : null,
    labels: {
      price: cx.message(lang, "ui.product.price"),
      paymentMethods: cx.message(lang, "ui.product.paymentMethods"),
      specs: cx.message(lang, "ui.product.specs"),
    },
    sections: pageSections(cx, route, region),
  };
}
