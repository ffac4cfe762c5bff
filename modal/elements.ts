/**
 * `@pairwise/modal/elements`: the page buttons alone, light enough to load first. Define them, then load
 * the rest of the page; the buttons paint at once and come alive when `createAppKit` runs.
 */
export { defineElements, type EarlyTheme } from './ui/elements.js'
