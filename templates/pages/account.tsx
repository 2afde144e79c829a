import type { PageData } from "../../compiler/compile/route-data.ts";
import Account from "../islands/Account.tsx";
import { Island } from "../parts/Island.tsx";
import "./login.css";
import "./account.css";

export function AccountPage({ page }: { page: Extract<PageData, { template: "account" }> }) {
  return (
    <section className="account">
      <h1>{page.texts.title || page.title}</h1>
      <Island name="account" component={Account} props={{ texts: page.texts, loginHref: page.loginHref }} />
    </section>
  );
}
