// The payment methods a region's shop takes, by their brand names, each a chip after the label
// (the separator between them is for reading aloud and copying; the chips show it).
import { Fragment } from "react";
import "./PaymentMethods.css";

const names: Record<string, string> = { paypal: "PayPal", klarna: "Klarna" };

export function PaymentMethods({ methods, label }: { methods: string[]; label?: string }) {
  if (methods.length === 0) return null;
  return (
    <p className="payment-methods">
      {label ? <span className="payment-methods__label">{`${label}:`}</span> : null}
      {methods.map((m, i) => (
        <Fragment key={m}>
          {i > 0 ? <span className="visually-hidden"> · </span> : " "}
          <span className={`payment-method is-${m}`}>{names[m] ?? m}</span>
        </Fragment>
      ))}
    </p>
  );
}
