/** What the example signs: the verify step (on the page's reader's side, and in the e2e test) needs the same words. */
export const exampleMessage = 'Hello from the Pairwise embedded wallet example'
