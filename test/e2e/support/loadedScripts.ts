import type { Page } from '@playwright/test'

// What Playwright says of a body the page navigated away from.
const LEFT_BEHIND = 'navigated away from'

/**
 * The script bodies a page loads, for tests that check which code ships with which page. Every body is read
 * before the next navigation (`markersIn` and `forget` wait for the reads): the browser drops a page's bodies
 * once it navigates away. A script the page left while it was still arriving (a chunk the old page asked for
 * as `goto` began) can no longer be read; it belongs to no page a test asks about, so it is left out, and
 * any other failed read fails the test.
 */
export function loadedScripts(page: Page) {
  const bodies: string[] = []
  const reading: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      reading.push(
        response.text().then(
          (text) => void bodies.push(text),
          (error: unknown) => {
            if (!(error instanceof Error && error.message.includes(LEFT_BEHIND))) throw error
          },
        ),
      )
  })
  const allRead = async () => {
    while (reading.length > 0) await Promise.all(reading.splice(0))
  }
  return {
    /** How many scripts were loaded since the last `forget`. */
    async count(): Promise<number> {
      await allRead()
      return bodies.length
    },
    /** The markers found in any script loaded since the last `forget`, in the order given. */
    async markersIn(markers: readonly string[]): Promise<string[]> {
      await allRead()
      return markers.filter((marker) => bodies.some((body) => body.includes(marker)))
    },
    async forget(): Promise<void> {
      await allRead()
      bodies.length = 0
    },
  }
}
