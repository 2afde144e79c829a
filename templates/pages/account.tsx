import type { PageData } from "../../compiler/route-data.ts";

export function AccountPage({ page }: { page: Extract<PageData, { template: "account" }> }) {
  return (
    <section className="account">
      <h1>{page.texts.title || page.title}</h1>
      <p>{page.texts.notLoggedIn}</p>
    </section>
  );
}
