/** The send and receive views' few rules, shipped with their chunk so the first load carries none of them. */
export const sendStyles =
  '.send-form{display:flex;flex-direction:column;gap:10px;width:100%;text-align:start}' +
  '.send-form label{display:flex;flex-direction:column;gap:4px;font-size:.9em}' +
  '.send-form input{padding:10px 12px;border-radius:calc(var(--pw-radius,12px) - 4px);border:1px solid var(--pw-border);background:transparent;color:inherit}' +
  '.send-amount{display:flex;gap:6px}.send-amount input{flex:1;min-width:0}' +
  '.send-summary{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;width:100%;margin:0}' +
  '.send-summary dd{margin:0;text-align:end;word-break:break-all}' +
  '.receive-address{font-family:var(--pw-font-mono);word-break:break-all;text-align:center}'
