/** The names views' few rules, shipped with their chunk so the first load carries none of them. */
export const namesStyles =
  '.names-form{display:flex;flex-direction:column;gap:8px}' +
  '.names-input{display:flex;align-items:center;gap:6px;padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border)}' +
  '.names-input input{flex:1;min-width:0;border:0;background:transparent;color:inherit;font:inherit;outline:none}' +
  '.names-form .tag{align-self:flex-start}'
