// The look the modal and the secure frame share: token defaults and component rules, no code that runs on import.

export { componentCss } from './componentCss.js'
export { controlCss } from './controlCss.js'
export { palettes, propertiesToCss, systemFontStack, type ThemeMode } from './palettes.js'
export { type ThemeVariables, themeProperties } from './themeProperties.js'
