const windowName = 'pairwise-onramp'
const windowFeatures = 'width=600,height=800'

/** The window a checkout is shown in: opened in the click itself, its URL given once the provider answers. */
export type CheckoutWindow = { show(url: string): void; close(): void }

/**
 * Opens the 600×800 checkout window, blank; undefined when a pop-up blocker refused it or it could not be cut
 * off from the host page. It is cut off at once, while it is still blank and ours: the checkout is another
 * site's page (Coinbase, Meld, the api), and through `opener` any page could send the app's own tab to a
 * look-alike asking the visitor to connect or sign again, while they look at the checkout.
 */
export function openCheckoutWindow(host: { open?: Window['open'] } = globalThis): CheckoutWindow | undefined {
  const popup = host.open?.('about:blank', windowName, windowFeatures) ?? null
  if (!popup) return undefined
  if (!cutOff(popup)) {
    popup.close()
    return undefined
  }
  return {
    show(url) {
      popup.location.href = url
    },
    close: () => popup.close(),
  }
}

/**
 * Whether `popup` no longer has the host page as its opener. Setting `opener` throws when the window is not
 * the host's origin: the one a checkout opened before, found again by name while it still shows the
 * provider's page (cut off when it was opened, so its opener stays null), or a window a sandboxed frame opens.
 */
function cutOff(popup: Window): boolean {
  try {
    popup.opener = null
  } catch {
    // Read below: null when it was cut off before, else it is refused.
  }
  return popup.opener === null
}
