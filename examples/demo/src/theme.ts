/** The demo's theme, known to the first script (the buttons) and to the modal alike. */
export const demoThemeMode = 'dark'
