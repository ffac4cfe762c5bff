import { defineElements } from '@pairwise/modal/elements'

// As on the demo: the button paints from static HTML first; the modal and the embedded wallet come in later.
defineElements(customElements, { themeMode: 'dark' })
void import('./app.js')
