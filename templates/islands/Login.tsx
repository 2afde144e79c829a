// Log in or register (register_or_login; the cn site uses the same call) with e-mail and
// password; errors in the region's language; on success the account page. The fields keep what
// was typed themselves (read at submit), so what a shopper typed before the code arrived counts.
import { useState, type FormEvent } from "react";
import { api } from "../../runtime/api-context.ts";
import { EMAIL } from "../../runtime/email.ts";
import "./Login.css";

export interface LoginProps {
  texts: Record<string, string>;
  accountHref: string;
}

export default function Login({ texts, accountHref }: LoginProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const email = String(fields.get("email") ?? "");
    const password = String(fields.get("password") ?? "");
    if (!EMAIL.test(email.trim())) return setError(texts.invalidEmail ?? "");
    if (!password) return setError(texts.passwordRequired ?? "");
    setError(null);
    setBusy(true);
    try {
      await api().logIn(email.trim(), password);
      location.assign(accountHref);
    } catch {
      // The server's own message is in the toast; the form says it in the region's language.
      setError(texts.failed ?? "");
      setBusy(false);
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={submit} aria-busy={busy}>
      {texts.intro ? <p className="login-form__intro">{texts.intro}</p> : null}
      <label className="login-form__field">
        <span className="login-form__label">{texts.email}</span>
        <input type="email" name="email" autoComplete="email" />
      </label>
      <label className="login-form__field">
        <span className="login-form__label">{texts.password}</span>
        <input type="password" name="password" autoComplete="current-password" />
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--block button--large" disabled={busy}>
        {busy ? texts.loggingIn : texts.submit}
      </button>
      {texts.register ? <p className="form-note">{texts.register}</p> : null}
    </form>
  );
}
