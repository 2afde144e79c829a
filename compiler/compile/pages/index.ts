// One builder per page template (pages.yaml `template`), as templates/pages/ has one component
// per template: a builder turns a route of its template into the page data its component shows.

import type { RegionModel, RouteModel, Template } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageData, PageOf } from "../route-data.ts";
import { accountPage } from "./account.ts";
import { articlePage } from "./article.ts";
import { campaignPage } from "./campaign.ts";
import { homePage } from "./home.ts";
import { loginPage } from "./login.ts";
import { manualsPage } from "./manuals.ts";
import { productPage } from "./product.ts";
import { regionChooserPage } from "./region-chooser.ts";
import { whereToBuyPage } from "./where-to-buy.ts";

type PageBuilder<T extends Template> = (cx: CompileContext, route: RouteModel, region: RegionModel) => PageOf<T>;

const builders: { [T in Template]: PageBuilder<T> } = {
  home: homePage,
  article: articlePage,
  product: productPage,
  "region-chooser": regionChooserPage,
  "where-to-buy": whereToBuyPage,
  manuals: manualsPage,
  login: loginPage,
  account: accountPage,
  campaign: campaignPage,
};

/** The page data of a route of the template (a redirect has neither). */
export function pageData(cx: CompileContext, route: RouteModel, region: RegionModel, template: Template): PageData {
  return builders[template](cx, route, region);
}
