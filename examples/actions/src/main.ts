import { defineElements } from '@pairwise/modal/elements'

// As on the demo: the button paints from static HTML first; the modal comes in later.
defineElements(customElements, { themeMode: 'dark' })
void import('./app.js')
