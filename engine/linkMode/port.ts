/**
 * The platform's app links, as link mode needs them: React Native's `Linking`, a desktop shell's
 * deep-link handler, an in-memory pair in tests. The engine takes it as an option instead of reaching for
 * a global, so a client without one simply talks through the relay.
 */
export type LinkModePort = {
  /** Opens a peer's universal link carrying one message; the peer's app comes forward with it. */
  openUrl(url: string): void | Promise<void>
  /** The link the app was opened with (a cold start from a peer's message), if any. */
  initialUrl(): Promise<string | undefined>
  /** Hands `listener` every link the app receives while it runs; returns what stops that. */
  subscribe(listener: (url: string) => void): () => void
}
