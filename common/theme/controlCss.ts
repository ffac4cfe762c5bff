/**
 * The buttons, text tones and alerts, read from the --pw-* properties (palettes.ts). The modal's first load
 * carries them (its Connect view has buttons); the secure frame's page links them as its own stylesheet.
 * Disabled buttons change colour, not opacity: a translucent label on the accent read at under 3:1 in dark mode.
 */
export const controlCss =
  '.muted{color:var(--pw-fg-2)}' +
  '.error{color:var(--pw-error)}' +
  '.primary{border:none;border-radius:999px;padding:10px 18px;background:var(--pw-accent);color:var(--pw-accent-fg);cursor:pointer;font-weight:600}' +
  '.secondary{border:1px solid var(--pw-border);border-radius:999px;padding:8px 16px;background:transparent;cursor:pointer}' +
  '.primary:disabled,.secondary:disabled{background:var(--pw-bg-3);color:var(--pw-fg-2);cursor:not-allowed}' +
  '.alert{padding:8px 10px;border-radius:8px;background:var(--pw-bg-2);display:flex;gap:8px;align-items:center}' +
  '.alert.error{color:var(--pw-error)}' +
  '.alert.warning{color:var(--pw-warning)}'
