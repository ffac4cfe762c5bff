/** The onramp views' few rules, shipped with their chunk so the first load carries none of them. */
export const onrampStyles =
  '.onramp-form{display:flex;flex-direction:column;gap:8px;width:100%}' +
  '.onramp-form label{display:flex;flex-direction:column;gap:4px;font-size:.9em}' +
  '.onramp-form input{padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border);background:transparent;color:inherit;font:inherit}' +
  '.onramp-quote{display:flex;flex-direction:column;gap:2px}' +
  '.onramp-order{display:flex;flex-direction:column;align-items:flex-start;gap:2px}'
