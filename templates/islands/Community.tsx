// The community message box ('Community building, stay tuned!') with its confirm button.
import { useState } from "react";

export default function Community({ message, button }: { message: string; button: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className="community-box" role="status">
      <p>{message}</p>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        {button}
      </button>
    </div>
  );
}
