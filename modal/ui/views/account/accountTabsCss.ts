/** The tabs' rules, shipped with their chunk so the first load carries none of them. */
export const accountTabsCss = `
.tabs-area{width:100%;display:flex;flex-direction:column;gap:8px}
.tabs{display:flex;gap:4px;padding:4px;border-radius:999px;background:var(--pw-bg-2)}
.tab{flex:1;border:none;border-radius:999px;padding:6px 0;background:transparent;cursor:pointer;color:var(--pw-fg-2)}
.tab[aria-selected="true"]{background:var(--pw-bg);color:var(--pw-fg);font-weight:600}
.tabpanel{display:flex;flex-direction:column;align-items:stretch;gap:8px;text-align:start}
.asset{display:flex;align-items:center;gap:12px;padding:8px 12px;border-radius:calc(var(--pw-radius) * .75);background:var(--pw-bg-2)}
.asset .what,.asset .amount{display:flex;flex-direction:column;min-width:0}
.asset .what{flex:1}
.asset .amount{align-items:flex-end}
.nfts{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.nft{display:flex;flex-direction:column;gap:2px;min-width:0}
.nft img{width:100%;height:auto;aspect-ratio:1;border-radius:calc(var(--pw-radius) * .75);object-fit:cover}
`
