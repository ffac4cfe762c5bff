/** Hears what the modal left out of input it did not trust (a malformed connector, an unsafe URL). */
export type Reporter = (message: string, detail: unknown) => void

/** A reporter that writes to the console when the app set `debug`, and is silent otherwise. */
export function debugReporter(debug: boolean | undefined): Reporter {
  return (message, detail) => {
    if (debug) console.warn(`pairwise: ${message}`, detail)
  }
}
