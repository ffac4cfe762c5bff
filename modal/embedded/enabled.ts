/** What decides whether an app has an embedded wallet: its project id and its login features. */
export type EmbeddedWalletSwitches = {
  projectId: string | undefined
  /** The modal's features; `email` or a non-empty `socials` list turns the embedded wallet on (VAL-11). */
  features: { email?: boolean; socials?: false | readonly string[] } | undefined
}

/** VAL-11 */
export function embeddedWalletEnabled(options: EmbeddedWalletSwitches): boolean {
  const { projectId, features } = options
  const socials = features?.socials
  return Boolean(projectId) && (features?.email === true || (Array.isArray(socials) && socials.length > 0))
}
