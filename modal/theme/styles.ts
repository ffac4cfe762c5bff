import { controlCss } from '@pairwise/common/theme'
import { animationMs } from './tokens.js'

/** What every shadow root of ours starts with: nothing inherited from the host, system fonts, focus ring. */
export const baseCss = `
:host{all:initial;font-family:var(--pw-font);color:var(--pw-fg);font-size:calc(var(--pw-font-size) * 1.4)}
*{box-sizing:border-box;font-family:inherit}
button,input,a{font:inherit;color:inherit}
:focus-visible{outline:2px solid var(--pw-accent);outline-offset:2px}
`

/** The page buttons' rules, kept apart so a button can paint before the dialog's code has loaded. */
export const buttonCss = `
:host{max-width:100%}
.kit-button{display:inline-flex;align-items:center;gap:8px;border:none;border-radius:999px;padding:10px 16px;background:var(--pw-accent);color:var(--pw-accent-fg);cursor:pointer;font-weight:600;font-family:var(--pw-font);font-size:14px;max-width:100%}
.kit-button.account{background:var(--pw-bg-2);color:var(--pw-fg);border:1px solid var(--pw-border)}
.kit-button span{white-space:nowrap}.kit-button span:last-child{min-width:0;overflow:hidden;text-overflow:ellipsis}
`

/** The modal's stylesheet; lives in the shadow root, so host CSS cannot reach it and it cannot leak. */
export const modalCss = `${baseCss}${controlCss}
.locale-root{display:contents}
.overlay{position:fixed;inset:0;background:var(--pw-overlay);display:flex;align-items:center;justify-content:center;z-index:var(--pw-z);animation:fade ${animationMs.overlay}ms ease-out}
.card{background:var(--pw-bg);color:var(--pw-fg);width:min(360px,100vw - 16px);max-height:min(640px,100vh - 16px);overflow:auto;border-radius:var(--pw-radius);border:1px solid var(--pw-border);box-shadow:0 8px 32px rgba(0,0,0,.25);animation:rise ${animationMs.card}ms ease-out;display:flex;flex-direction:column}
.card.inline{box-shadow:none;animation:none}
.card.shake{animation:shake 500ms}
.header{display:flex;align-items:center;justify-content:space-between;padding:12px 12px 4px;gap:8px}
.header h2{margin:0;font-size:1.1em;font-weight:600;flex:1;text-align:center}
.icon-button{width:36px;height:36px;border-radius:50%;border:none;background:var(--pw-bg-2);cursor:pointer;display:grid;place-items:center}
.icon-button:hover{background:var(--pw-bg-3)}
.icon-button.back svg:dir(rtl){transform:scaleX(-1)}
.spacer{width:36px;height:36px}
.body{padding:8px 12px 16px;animation:fade ${animationMs.view}ms ease-out}
.list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
.row{display:flex;align-items:center;gap:12px;width:100%;padding:10px 12px;border-radius:calc(var(--pw-radius) * .75);border:none;background:var(--pw-bg-2);cursor:pointer;text-align:start;min-height:52px}
.row:hover{background:var(--pw-bg-3)}
.row[aria-current="true"]{outline:1px solid var(--pw-accent)}
.row .name{flex:1;font-weight:500}
.tag{font-size:.8em;padding:2px 6px;border-radius:6px;background:var(--pw-bg-3);color:var(--pw-fg-2)}
.wallet-icon{width:32px;height:32px;border-radius:8px;flex:none;object-fit:cover}
.section-title{font-size:.85em;color:var(--pw-fg-2);margin:12px 4px 6px}
.center{display:flex;flex-direction:column;align-items:center;text-align:center;gap:10px;padding:8px 0}
.big-icon{width:72px;height:72px;border-radius:18px}
.branding{margin:0;padding:0 12px 12px;text-align:center;font-size:.75em}
.icon-button:disabled{opacity:.45;cursor:not-allowed}
.search{width:100%;padding:10px 12px;border-radius:999px;border:1px solid var(--pw-border);background:var(--pw-bg-2);margin-bottom:10px}
.qr{background:#fff;padding:12px;border-radius:var(--pw-radius);display:inline-block}
.qr svg{display:block;width:220px;height:220px}
.uri{font-family:var(--pw-font-mono);font-size:.7em;word-break:break-all;color:var(--pw-fg-2);max-width:100%}
.address{font-weight:600;font-size:1.2em;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.balance{color:var(--pw-fg-2)}
.avatar{width:64px;height:64px;border-radius:50%}
.spinner{width:28px;height:28px;border-radius:50%;border:3px solid var(--pw-bg-3);border-top-color:var(--pw-accent);animation:spin 800ms linear infinite}
.card>.alert{margin:0 12px 8px}
.snackbar-region{position:absolute}
.snackbar{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);background:var(--pw-bg);border:1px solid var(--pw-border);padding:8px 14px;border-radius:999px;z-index:var(--pw-z)}
.snackbar.error{border-color:var(--pw-error)}
.snackbar.success{color:var(--pw-success);border-color:var(--pw-success)}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@keyframes fade{from{opacity:0}to{opacity:1}}
@keyframes rise{from{transform:translateY(8px);opacity:0}to{transform:none;opacity:1}}
@keyframes spin{to{transform:rotate(360deg)}}
@keyframes shake{10%,90%{transform:translateX(-1px)}20%,80%{transform:translateX(2px)}30%,50%,70%{transform:translateX(-4px)}40%,60%{transform:translateX(4px)}}
@media (prefers-reduced-motion:reduce){*{animation-duration:1ms!important}}
`
