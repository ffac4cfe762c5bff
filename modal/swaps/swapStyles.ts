/** The swap views' few rules, shipped with their chunk so the first load carries none of them. */
export const swapStyles =
  '.swap-form{display:flex;flex-direction:column;gap:8px;width:100%}' +
  '.swap-form label{display:flex;flex-direction:column;gap:4px;font-size:13px}' +
  '.swap-form .check{flex-direction:row;align-items:center;gap:8px}' +
  '.swap-form input[type=text]{padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border);background:transparent;color:inherit;font:inherit}' +
  '.swap-side{display:flex;gap:8px;align-items:center}.swap-side input{flex:1;min-width:0}' +
  '.swap-facts{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;width:100%;font-size:13px}' +
  '.swap-facts dd{margin:0;text-align:end}'
