// One component per page kind (pages.yaml `template`). Each is a pure function of its page data.
import type { FunctionComponent } from "react";
import type { PageData } from "../../compiler/compile/route-data.ts";
import type { Template } from "../../compiler/link/model.ts";
import { AccountPage } from "./account.tsx";
import { ArticlePage } from "./article.tsx";
import { CampaignPage } from "./campaign.tsx";
import { HomePage } from "./home.tsx";
import { LoginPage } from "./login.tsx";
import { ManualsPage } from "./manuals.tsx";
import { ProductPage } from "./product.tsx";
import { RegionChooserPage } from "./region-chooser.tsx";
import { WhereToBuyPage } from "./where-to-buy.tsx";

type PageOf<T extends Template> = Extract<PageData, { template: T }>;

export const pages: { [T in Template]: FunctionComponent<{ page: PageOf<T> }> } = {
  home: HomePage,
  article: ArticlePage,
  product: ProductPage,
  "region-chooser": RegionChooserPage,
  "where-to-buy": WhereToBuyPage,
  manuals: ManualsPage,
  login: LoginPage,
  account: AccountPage,
  campaign: CampaignPage,
};
