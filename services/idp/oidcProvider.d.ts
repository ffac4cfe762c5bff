/**
 * The part of oidc-provider 9 (which ships no types) the local identity providers use, typed as its
 * documentation describes it.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type Account = { accountId: string; claims(): Promise<Record<string, unknown>> }

  export type Grant = {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }

  export type KoaContextWithOIDC = {
    body: unknown
    oidc: {
      provider: Provider
      client?: { clientId: string }
      session?: { accountId?: string }
      params?: Record<string, unknown>
    }
  }

  export type Configuration = {
    clients: Record<string, unknown>[]
    pkce?: { required?: () => boolean }
    features?: Record<string, { enabled: boolean }>
    scopes?: string[]
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    cookies?: { keys: string[] }
    jwks?: { keys: Record<string, unknown>[] }
    interactions?: { url(ctx: KoaContextWithOIDC, interaction: { uid: string }): string }
    findAccount(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>
    /** The page for an error shown to the browser; `out` holds the OAuth `error` and its description. */
    renderError?(
      ctx: KoaContextWithOIDC & { type: string; set(headers: Record<string, string>): void },
      out: { error: string; error_description?: string },
      error: Error,
    ): Promise<void>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration)
    Grant: new (init: {
      clientId: string
      accountId: string
    }) => Grant
    AccessToken: { find(token: string): Promise<{ accountId?: string; clientId: string } | undefined> }
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(
      req: IncomingMessage,
      res: ServerResponse,
    ): Promise<{ uid: string; params: Record<string, unknown>; prompt: { name: string } }>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
  }
}
