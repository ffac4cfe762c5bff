import { fileURLToPath } from 'node:url'
import { componentCss, controlCss, propertiesToCss, themeProperties } from '@pairwise/common/theme'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

const sharedThemeId = 'virtual:pairwise-theme.css'

/**
 * The modal's look as a stylesheet of the page's own: the --pw-* defaults of both themes (dark until the host
 * syncs its theme) and the component rules the modal's views use, from @pairwise/common/theme at build time.
 */
function sharedTheme(): Plugin {
  const css =
    propertiesToCss(':root', themeProperties('dark')) +
    propertiesToCss(':root[data-theme="light"]', themeProperties('light')) +
    controlCss +
    componentCss
  return {
    name: 'pairwise-shared-theme',
    resolveId: (id) => (id === sharedThemeId ? `\0${sharedThemeId}` : undefined),
    load: (id) => (id === `\0${sharedThemeId}` ? css : undefined),
  }
}

/**
 * The secure frame page: one module script and stylesheets under /frame/assets, nothing inline, so the
 * page runs under `script-src 'self'` and `style-src 'self'` with no hash or nonce to keep in step.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/frame/',
  plugins: [sharedTheme()],
  // Our packages resolve to their sources, so the page never bundles a stale dist/.
  resolve: { conditions: ['pairwise-source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  logLevel: 'warn',
})
