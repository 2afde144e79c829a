// The payment methods a region's shop takes, by their brand names.
const names: Record<string, string> = { paypal: "PayPal", klarna: "Klarna" };

export function PaymentMethods({ methods, label }: { methods: string[]; label?: string }) {
  if (methods.length === 0) return null;
  return (
    <p className="payment-methods">
      {label ? `${label}: ` : null}
      {methods.map((m, i) => (
        <span key={m} className={`payment-method is-${m}`}>
          {i > 0 ? " · " : null}
          {names[m] ?? m}
        </span>
      ))}
    </p>
  );
}
