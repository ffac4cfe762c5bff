// The look the modal and the secure frame share: token defaults and component rules, no code that runs on import.

export { componentCss } from './componentCss.js'
export { controlCss } from './controlCss.js'
export { palettes, propertiesToCss, systemFontStack, type ThemeMode } from './palettes.js'
export { themeProperties } from './themeProperties.js'
export { type ThemeVariables, themeValueChecks } from './themeValues.js'
