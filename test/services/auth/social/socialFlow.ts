import type { Database } from '../../../../services/api/db/index.js'
import { ProjectStore } from '../../../../services/api/projects/index.js'
import type { DeviceKeys } from '../../../../services/auth/protocol/index.js'
import type { SocialProviderName } from '../../../../services/auth/social/providerConfig.js'
import { type LocalIdp, startLocalIdp } from '../../../../services/idp/localIdp.js'
import { freePort } from '../../../../services/net/ports.js'
import { type AuthHarness, authHarness, projectId } from '../authHarness.js'

export const socialPaths = {
  start: '/auth/v1/social/start',
  redeem: '/auth/v1/social/redeem',
  callback: '/auth/v1/social/callback',
}

/**
 * The auth service (every provider on for project `demo`) and the local identity providers, each
 * knowing the other's address: the auth port comes from a probe first, so the IdP's clients can name
 * their redirect URIs before either starts. The clock starts at the real time: ID tokens and Apple's
 * client secret are checked against it.
 */
export async function socialHarness(db: Database): Promise<{ h: AuthHarness; idp: LocalIdp }> {
  const port = await freePort()
  const idp = await startLocalIdp({ authUrl: `http://127.0.0.1:${port}` })
  const h = await authHarness(db, {}, { port, socialProviders: idp.providers })
  h.clock.now = Date.now()
  await new ProjectStore(db).update(projectId, {
    features: { socials: ['google', 'github', 'apple', 'facebook', 'x', 'discord'] },
  })
  return { h, idp }
}

/** A browser's cookies for the IdP, by name (its paths do not matter to these flows). */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const gone = attributes.some(
        (each) => /^\s*max-age=0\s*$/i.test(each) || /expires=Thu, 01 Jan 1970/i.test(each),
      )
      if (gone) this.#cookies.delete(name)
      else this.#cookies.set(name, pair.slice(at + 1).trim())
    }
  }
}

/** Where the browser was sent back to the auth service: a GET URL, or a form posted to it. */
export type Callback = { url: string; form?: URLSearchParams }

const formPattern = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/
const inputPattern = /<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g
const htmlText = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * Follows the provider's pages by hand as a browser would (redirects, cookies, an auto-submitting
 * form_post page) until the browser is about to reach `authUrl`: that request is returned, not sent.
 */
export async function followToCallback(
  authorizeUrl: string,
  authUrl: string,
  jar = new CookieJar(),
): Promise<Callback> {
  let url = authorizeUrl
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(authUrl)) return { url }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } })
    jar.keep(response)
    const location = response.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      continue
    }
    const html = await response.text()
    const form = formPattern.exec(html)
    if (!form) throw new Error(`stuck at ${url}: ${response.status} ${html.slice(0, 300)}`)
    const fields = new URLSearchParams()
    for (const [, name = '', value = ''] of (form[2] ?? '').matchAll(inputPattern))
      fields.set(name, htmlText(value))
    return { url: htmlText(form[1] ?? ''), form: fields }
  }
  throw new Error('too many redirects')
}

/** Sends the browser's callback request to the auth service. */
export function deliver(callback: Callback): Promise<Response> {
  return callback.form
    ? fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: callback.form.toString(),
        redirect: 'manual',
      })
    : fetch(callback.url, { redirect: 'manual' })
}

/** The ticket in the callback's hand-off page. */
export async function ticketOf(response: Response): Promise<string> {
  const html = await response.text()
  const ticket = /"resultUri":"([A-Za-z0-9_-]{43})"/.exec(html)?.[1]
  if (response.status !== 200 || !ticket)
    throw new Error(`no ticket: ${response.status} ${html.slice(0, 300)}`)
  return ticket
}

export const deviceBody = (device: DeviceKeys) => ({
  signingKey: device.signingKey,
  agreementKey: device.agreementKey,
})

/** social/start for `provider` signed by `device`: the provider's authorize URL. */
export async function startSocial(
  h: AuthHarness,
  provider: SocialProviderName,
  device: DeviceKeys,
): Promise<string> {
  const answer = await h.post(socialPaths.start, device, { provider, device: deviceBody(device) })
  const body = (await answer.json()) as { uri?: string }
  if (answer.status !== 200 || !body.uri) throw new Error(`start: ${answer.status} ${JSON.stringify(body)}`)
  return body.uri
}

/** A whole login up to the ticket; `hint` picks another test account of the provider. */
export async function socialTicket(
  h: AuthHarness,
  provider: SocialProviderName,
  device: DeviceKeys,
  hint?: string,
): Promise<string> {
  const uri = new URL(await startSocial(h, provider, device))
  if (hint) uri.searchParams.set('login_hint', hint)
  return ticketOf(await deliver(await followToCallback(uri.href, h.auth.url)))
}

export const redeem = (h: AuthHarness, device: DeviceKeys, ticket: string) =>
  h.post(socialPaths.redeem, device, { ticket })
