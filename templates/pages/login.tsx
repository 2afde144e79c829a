// Login per region: e-mail and password, register-or-login (the cn site's variant uses the
// same call), errors in the region's language. The form is an island.
import type { PageData } from "../../compiler/compile/route-data.ts";
import Login from "../islands/Login.tsx";
import { Island } from "../parts/Island.tsx";
import "./login.css";

export function LoginPage({ page }: { page: Extract<PageData, { template: "login" }> }) {
  return (
    <section className="login">
      <h1>{page.texts.title || page.title}</h1>
      <Island name="login" component={Login} props={{ texts: page.texts, accountHref: page.accountHref }} />
    </section>
  );
}
