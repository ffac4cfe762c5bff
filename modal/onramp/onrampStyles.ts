/** The onramp views' layout, shipped with their chunk so the first load carries none of it. */
export const onrampStyles =
  '.onramp-quote{display:flex;flex-direction:column;gap:2px}' +
  '.onramp-order{display:flex;flex-direction:column;align-items:flex-start;gap:2px}'
