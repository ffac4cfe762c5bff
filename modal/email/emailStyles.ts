/** The email views' layout, shipped with their chunk so the first load carries none of it. */
export const emailStyles =
  '.frame-slot{width:100%;border-radius:calc(var(--pw-radius,12px) - 4px)}' +
  '.email-account{display:flex;flex-direction:column;gap:6px;align-items:stretch}'
