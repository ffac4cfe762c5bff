/** A locally drawn icon for a wallet that has none: its initial on a colour derived from its name. */
export function monogram(name: string): string {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  const hue = hash % 360
  // A whole code point (an emoji is two UTF-16 units), never half of one: names come from registries,
  // wallets and token contracts, and encodeURIComponent throws on a lone surrogate, failing the render.
  const first = name.trim().codePointAt(0)
  const initial =
    first === undefined || (first >= 0xd800 && first <= 0xdfff)
      ? '?'
      : String.fromCodePoint(first)
          .toUpperCase()
          .replace(/[<>&"']/g, '?')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="hsl(${hue},55%,45%)"/><text x="32" y="42" font-size="30" font-family="system-ui,sans-serif" font-weight="600" fill="#fff" text-anchor="middle">${initial}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
