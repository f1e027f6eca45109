import { HONEYPOT_FIELD } from "~/lib/forms/form-rules";

/**
 * A field only robots fill in: off screen, hidden from assistive technology
 * and out of the tab order. The server refuses a form that has it filled.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
