// Login: the form itself arrives with the session work (issue 6); the page, its route and head exist now.
import type { PageData } from "../../compiler/route-data.ts";

export function LoginPage({ page }: { page: Extract<PageData, { template: "login" }> }) {
  return (
    <section className="login">
      <h1>{page.texts.title || page.title}</h1>
      {page.texts.intro ? <p>{page.texts.intro}</p> : null}
      <form className="login-form" method="post" action="#">
        <label>
          {page.texts.email}
          <input type="email" name="email" autoComplete="email" required />
        </label>
        <label>
          {page.texts.password}
          <input type="password" name="password" autoComplete="current-password" required />
        </label>
        <button type="submit">{page.texts.submit}</button>
      </form>
    </section>
  );
}
