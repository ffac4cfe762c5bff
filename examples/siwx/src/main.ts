import { defineElements } from '@pairwise/modal/elements'

// As on the demo: the button paints from static HTML first, and the modal and sign-in come in as a second chunk.
defineElements(customElements, { themeMode: 'dark' })
void import('./app.js')
