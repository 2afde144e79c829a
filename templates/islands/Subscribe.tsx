// The newsletter sign-up: the region's invalid message for a bad address, then the success view.
import { useState, type FormEvent } from "react";
import type { SubscribeTexts } from "../../compiler/route-data.ts";

export interface SubscribeProps {
  texts: SubscribeTexts;
  /** Where the sign-up is posted (the API of the region's group). */
  endpoint: string;
  id: string;
}

// The seed does not say what a valid address is; this is the WHATWG definition used by <input type=email>.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export default function Subscribe({ texts, id }: SubscribeProps) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "invalid" | "done">("idle");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setState("invalid");
      return;
    }
    setState("done");
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
        value={email}
        aria-invalid={state === "invalid"}
        aria-describedby={state === "invalid" ? `${id}-error` : undefined}
        onChange={(e) => {
          setEmail(e.target.value);
          if (state === "invalid") setState("idle");
        }}
      />
      <button type="submit">{texts.button}</button>
      {state === "invalid" ? (
        <p id={`${id}-error`} className="subscribe-form__error" role="alert">
          {texts.invalid}
        </p>
      ) : null}
      {texts.successView ? <p className="subscribe-form__consent">{texts.successView.privacyPolicy}</p> : null}
    </form>
  );
}
