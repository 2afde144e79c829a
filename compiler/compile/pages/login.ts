// The login page: its form's texts; a shopper who is logged in goes on to the account page.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import { textsOf } from "../../link/messages.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";

export function loginPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"login"> {
  return {
    template: "login",
    title: cx.pageTitle(route, region),
    texts: textsOf(cx.model.specs, region.language, "ui.login"),
    accountHref: cx.pathOf(region, "account") ?? region.prefix + "/",
  };
}
