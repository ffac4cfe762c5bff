import { propertiesToCss, themeProperties } from '@pairwise/common/theme'
import { modalCss } from '../theme/styles.js'
import type { ThemeVariables } from '../theme/tokens.js'
import { useAppState } from './kitContext.js'

/** The shadow root's stylesheet: the modal's rules plus the theme as custom properties on :host. */
export function ThemeStyle({ extra = '' }: { extra?: string }) {
  const theme = useAppState((s) => s.theme)
  const properties = themeProperties(theme.mode, theme.variables as ThemeVariables)
  return <style>{`${modalCss}${propertiesToCss(':host', properties)}${extra}`}</style>
}
