/**
 * The tab panels' layout (the tabs are the shared componentCss's), shipped with their chunk so the first load
 * carries none of it.
 */
export const accountTabsCss = `
.tabs-area{width:100%;display:flex;flex-direction:column;gap:8px}
.tabpanel{display:flex;flex-direction:column;align-items:stretch;gap:8px;text-align:start}
.asset{display:flex;align-items:center;gap:12px;padding:8px 12px;border-radius:calc(var(--pw-radius) * .75);background:var(--pw-bg-2)}
.asset .what,.asset .amount{display:flex;flex-direction:column;min-width:0}
.asset .what{flex:1}
.asset .amount{align-items:flex-end}
.nfts{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.nft{display:flex;flex-direction:column;gap:2px;min-width:0}
.nft img{width:100%;height:auto;aspect-ratio:1;border-radius:calc(var(--pw-radius) * .75);object-fit:cover}
`
