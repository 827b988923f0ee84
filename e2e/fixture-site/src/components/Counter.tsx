// An interactive site component with state: it hydrates when it comes near the viewport.
import { useState } from "react";
import "./Counter.css";

export default function Counter({ start = 0, step = 1, label = "Count" }: { start?: number; step?: number; label?: string }) {
  const [count, setCount] = useState(start);
  return (
    <div className="fixture-counter" id={"counter-" + label.toLowerCase()}>
      <span className="fixture-counter__value" data-testid="counter-value">
        {label}: {count}
      </span>{" "}
      <button type="button" onClick={() => setCount((c) => c + step)}>
        Add {step}
      </button>
    </div>
  );
}
