// The account area: the profile of the logged-in shopper (fetched, with the token refresh the
// API client does on 4003) and logging out. Anonymous visitors get a way to the login page.
import { useEffect, useState } from "react";
import { api, prefetched, ui } from "../../runtime/api-context.ts";

export interface AccountProps {
  texts: Record<string, string>;
  loginHref: string;
}

type State =
  | { kind: "loading" }
  | { kind: "anonymous" }
  | { kind: "profile"; profile: Record<string, unknown> }
  | { kind: "loggedOut" };

export default function Account({ texts, loginHref }: AccountProps) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    const client = api();
    if (!client.session.loggedIn) return setState({ kind: "anonymous" });
    const cached = client.session.read().userInfo;
    if (cached) setState({ kind: "profile", profile: cached });
    // The route's prefetch list has asked for the profile already (runtime/prefetch.ts): its answer
    // is taken rather than asked for again.
    // A logout while the profile is on its way stands: the late answer must not show it again.
    const unlessLoggedOut = (next: State) => setState((current) => (current.kind === "loggedOut" ? current : next));
    prefetched<Record<string, unknown>>("profile")
      .then((kept) => kept ?? client.profile())
      .then(
        (profile) => unlessLoggedOut({ kind: "profile", profile }),
        () =>
          unlessLoggedOut(client.session.loggedIn ? { kind: "profile", profile: cached ?? {} } : { kind: "anonymous" }),
      );
  }, []);

  if (state.kind === "loading") return <p className="account-status">…</p>;
  if (state.kind === "anonymous" || state.kind === "loggedOut") {
    return (
      <div className="account-status" data-state={state.kind}>
        <p>{state.kind === "loggedOut" ? texts.loggedOut : texts.notLoggedIn}</p>
        <a className="button" href={loginHref}>
          {texts.goToLogin}
        </a>
      </div>
    );
  }
  const p = state.profile;
  const name = String(p.nickname ?? p.email ?? "");
  return (
    <div className="account-profile" data-state="profile">
      <p className="greeting">{(texts.greeting ?? "").replace("{name}", name)}</p>
      <h2>{texts.profile}</h2>
      <dl>
        <dt>{texts.email}</dt>
        <dd className="profile-email">{String(p.email ?? "")}</dd>
        <dt>{texts.userId}</dt>
        <dd className="profile-id">{String(p.user_id ?? "")}</dd>
        {p.created_at ? (
          <>
            <dt>{texts.memberSince}</dt>
            <dd>{String(p.created_at).slice(0, 10)}</dd>
          </>
        ) : null}
      </dl>
      <button
        type="button"
        className="button"
        onClick={() => {
          api().logOut();
          ui().notify(texts.loggedOut ?? "");
          setState({ kind: "loggedOut" });
        }}
      >
        {texts.logout}
      </button>
    </div>
  );
}
