/** The email views' few rules, shipped with their chunk so the first load carries none of them. */
export const emailStyles =
  '.email-form{display:flex;flex-direction:column;gap:8px}' +
  '.email-form input{padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border);background:transparent}' +
  '.frame-slot{width:100%;border-radius:calc(var(--pw-radius,12px) - 4px)}' +
  '.email-account{display:flex;flex-direction:column;gap:6px;align-items:stretch}'
