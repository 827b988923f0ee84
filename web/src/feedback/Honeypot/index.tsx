import type { Ref } from "react";
import { feedbackStrings } from "../strings";
import "./styles.css";

/**
 * The bot trap: a `website` field people never see, reach or hear (off-screen, aria-hidden,
 * tabindex -1, no autofill). Its value goes into every post; the server drops posts that fill it.
 */
export function Honeypot({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="tz-feedback-trap" aria-hidden="true">
      <label>
        {feedbackStrings.honeypot}
        <input ref={inputRef} type="text" name="website" defaultValue="" tabIndex={-1} autoComplete="off" aria-hidden="true" />
      </label>
    </div>
  );
}
