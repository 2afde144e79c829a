// The newsletter sign-up: the region's invalid message for a bad address, then the success view.
// The field keeps what was typed itself (read at submit), so an address typed before the code
// arrived (it loads as the form comes near: islands/hydration.ts) is the one sent.
import { useState, type FormEvent } from "react";
import type { SubscribeTexts } from "../../compiler/compile/route-data.ts";
import { api } from "../../runtime/api-context.ts";
import { EMAIL } from "../../runtime/email.ts";
import "./Subscribe.css";

export interface SubscribeProps {
  texts: SubscribeTexts;
  id: string;
}

export default function Subscribe({ texts, id }: SubscribeProps) {
  const [state, setState] = useState<"idle" | "invalid" | "sending" | "failed" | "done">("idle");
  const [failure, setFailure] = useState("");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    if (!EMAIL.test(email.trim())) {
      setState("invalid");
      return;
    }
    setState("sending");
    try {
      await api().subscribe(email.trim());
      setState("done");
    } catch (error) {
      // The subscribe call shows no toast (seed 000 §7): the form says what went wrong, as the
      // toast would have (a refused address, or the server's default when no answer came).
      setFailure(api().explain(error) || texts.invalid);
      setState("failed");
    }
  };

  if (state === "done") {
    const view = texts.successView;
    return view ? (
      <div className="subscribe-success" role="status">
        <p className="subscribe-success__title">{view.successTitle}</p>
        <p>{view.successSubtitle}</p>
        {view.shopHref ? (
          <a className="button" href={view.shopHref}>
            {view.successButton}
          </a>
        ) : null}
      </div>
    ) : (
      <p className="subscribe-success" role="status">
        {texts.success}
      </p>
    );
  }
  return (
    <form className="subscribe-form" noValidate onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {texts.emailLabel || texts.placeholder}
      </label>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={texts.placeholder}
        aria-invalid={state === "invalid" || state === "failed"}
        aria-describedby={state === "invalid" || state === "failed" ? `${id}-error` : undefined}
        onChange={() => {
          if (state === "invalid" || state === "failed") setState("idle");
        }}
      />
      <button type="submit" disabled={state === "sending"}>
        {texts.button}
      </button>
      {state === "invalid" || state === "failed" ? (
        <p id={`${id}-error`} className="subscribe-form__error" role="alert">
          {state === "invalid" ? texts.invalid : failure}
        </p>
      ) : null}
      {texts.successView ? <p className="subscribe-form__consent">{texts.successView.privacyPolicy}</p> : null}
    </form>
  );
}
