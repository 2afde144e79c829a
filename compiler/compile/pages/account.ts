// The account page: its texts; a shopper who is not logged in is sent to the login page.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import { textsOf } from "../../link/messages.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";

export function accountPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"account"> {
  return {
    template: "account",
    title: cx.pageTitle(route, region),
    texts: textsOf(cx.model.specs, region.language, "ui.account"),
    loginHref: cx.pathOf(region, "login") ?? region.prefix + "/",
  };
}
