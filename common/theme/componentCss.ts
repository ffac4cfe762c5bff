/**
 * The components of the views past the first load: a form's column, the field (a label over its control), the
 * text input (alone, beside a button in an input-row, or as a box around an input and its suffix), a checkbox
 * line, key-value facts and tabs. Every side is a logical one, so right-to-left needs nothing more. The modal's
 * views load these with their own code, never in the first load; the secure frame links them with controlCss.
 */
export const componentCss =
  '.form{display:flex;flex-direction:column;gap:10px;width:100%;text-align:start}' +
  '.form>.tag{align-self:flex-start}' +
  '.field{display:flex;flex-direction:column;gap:4px;font-size:.9em}' +
  '.input{width:100%;min-width:0;padding:10px 12px;border-radius:calc(var(--pw-radius,16px) - 4px);border:1px solid var(--pw-border);background:transparent;color:var(--pw-fg);font:inherit}' +
  '.input::placeholder{color:var(--pw-fg-2);opacity:1}' +
  '.input[aria-invalid=true]{border-color:var(--pw-error)}' +
  '.input:disabled{background:var(--pw-bg-2);color:var(--pw-fg-2);cursor:not-allowed}' +
  'div.input{display:flex;align-items:center;gap:6px}' +
  'div.input:focus-within{outline:2px solid var(--pw-accent);outline-offset:2px}' +
  'div.input>input{flex:1;min-width:0;padding:0;border:0;background:transparent;color:inherit;font:inherit;outline:none}' +
  '.input-row{display:flex;gap:6px;align-items:center}' +
  '.input-row>.input{flex:1}' +
  '.check{display:flex;align-items:center;gap:8px;font-size:.9em}' +
  '.facts{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;width:100%;margin:0;text-align:start}' +
  '.facts dt{color:var(--pw-fg-2)}' +
  '.facts dd{margin:0;text-align:end;overflow-wrap:anywhere}' +
  '.tabs{display:flex;gap:4px;padding:4px;border-radius:999px;background:var(--pw-bg-2)}' +
  '.tab{flex:1;border:none;border-radius:999px;padding:6px 0;background:transparent;cursor:pointer;color:var(--pw-fg-2)}' +
  '.tab[aria-selected=true]{background:var(--pw-bg);color:var(--pw-fg);font-weight:600}'
