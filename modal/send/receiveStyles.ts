/** The receive view's one rule, shipped with its chunk so the first load carries none of it. */
export const receiveStyles =
  '.receive-address{font-family:var(--pw-font-mono);word-break:break-all;text-align:center}'
