import { defineElements } from '@pairwise/modal/elements'
import { demoThemeMode } from './theme.js'

// The button is static HTML: defining it first paints it before React, wagmi and the modal have loaded,
// and the app comes in as a second chunk.
defineElements(customElements, { themeMode: demoThemeMode })
void import('./app.js')
