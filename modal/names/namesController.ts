import { bytesToHex, utf8ToBytes } from '@pairwise/crypto'
import type { ApiClient } from '../api/client.js'
import { isApiError } from '../api/isApiError.js'
import { setIfSameAccount } from '../controllers/account.js'
import type { ModalContext } from '../controllers/context.js'
import { emailConnection } from '../controllers/emailConnection.js'
import { WalletError } from '../controllers/errors.js'
import { replace } from '../controllers/router.js'
import type { AppState, NameServiceState, NameSuggestion } from '../state/types.js'
import { coinTypeOf } from './coinType.js'
import { NamesError } from './errors.js'
import { fetchSuggestions, lookupName, postName, reverseLookup } from './namesApi.js'
import { isShownName, shownNameOf } from './shownName.js'
import { nameZone } from './zone.js'

const idle: NameServiceState = { suggestions: [], loading: false }

/** The name-service state of one modal instance (kept in its store; idle until first used). */
export function namesState(state: AppState): NameServiceState {
  return state.names ?? idle
}

function setNames(ctx: ModalContext, patch: Partial<NameServiceState>): void {
  ctx.store.set(({ names }) => ({ names: { ...(names ?? idle), ...patch } }))
}

/**
 * NAME-03, ERR-05: loading while the service is asked, then its suggestions for `label`, but for names it
 * could not have registered (see isShownName).
 */
export async function getSuggestions(
  ctx: ModalContext,
  api: ApiClient,
  label: string,
): Promise<NameSuggestion[]> {
  setNames(ctx, { loading: true, suggestions: [] })
  try {
    const zone = nameZone(ctx.options)
    const suggestions = (await fetchSuggestions(api, label)).filter(({ name }) => isShownName(name, zone))
    setNames(ctx, { suggestions })
    return suggestions
  } finally {
    setNames(ctx, { loading: false })
  }
}

/**
 * Whether `name` (a full name) is registered: a lookup that finds it says yes, one the service answers
 * 404 says no; any other failure throws the lookup's error (ERR-03, ERR-04).
 */
export async function isNameRegistered(api: ApiClient, name: string): Promise<boolean> {
  try {
    await lookupName(api, name)
    return true
  } catch (error) {
    if (error instanceof NamesError && isApiError(error.cause) && error.cause.status === 404) return false
    throw error
  }
}

/**
 * ERR-06: the connected eip155 account's name from a reverse lookup, set as its `profileName`; undefined
 * (and nothing set) when it has none the modal may show (see shownNameOf).
 */
export async function loadProfileName(ctx: ModalContext, api: ApiClient): Promise<string | undefined> {
  const { account, activeNetwork } = ctx.store.get()
  const address = account.address
  if (!address || activeNetwork?.chainNamespace !== 'eip155') return undefined
  const zone = nameZone(ctx.options)
  const names = (await reverseLookup(api, address)).map((record) => shownNameOf(record, address, zone))
  const name = names.find((each) => each !== undefined)
  if (name) setIfSameAccount(ctx, address, activeNetwork, { profileName: name })
  return name
}

/** NAME-05: what the wallet signs to register `name`, AppKit's JSON with the time in whole seconds. */
export function registrationMessage(name: string, nowMs: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(nowMs / 1000) })
}

/**
 * NAME-04, NAME-06, ERR-07, ERR-08, ERR-09: registers `name` (a full name) for the email wallet's account
 * on the active network. The wallet signs the registration message, the service is sent the coin type,
 * address, message and signature; on success the account has the name and RegisterAccountNameSuccess shows,
 * on failure RegisterAccountName shows again and the service's reason (or 'Error registering name {name}')
 * is thrown. Loading is on throughout.
 */
export async function registerName(
  ctx: ModalContext,
  api: ApiClient,
  name: string,
  now: () => number = Date.now,
): Promise<void> {
  const { activeNetwork: network, account } = ctx.store.get()
  if (!network) throw new NamesError('NETWORK_NOT_FOUND')
  const connection = network.chainNamespace === 'eip155' ? emailConnection(ctx) : undefined
  const address = account.address
  if (!address || !connection) throw new NamesError('NO_AUTH_ACCOUNT')
  setNames(ctx, { loading: true })
  try {
    const coinType = coinTypeOf(Number(network.id))
    const message = registrationMessage(name, now())
    const signature = await signText(ctx, connection.connectorId, address, message)
    // The service stores the name in lower case (`Alice` as `alice`); any other answer is not the name
    // the wallet signed for, and is not shown as the account's.
    const record = await postName(api, { coin_type: coinType, address, message, signature }, name)
    const registered = shownNameOf(record, address, nameZone(ctx.options))
    if (registered !== name.toLowerCase()) throw new NamesError('REGISTER_FAILED', { name })
    setIfSameAccount(ctx, address, network, { profileName: registered })
    if (stillRegistering(ctx)) replace(ctx, { view: 'RegisterAccountNameSuccess' })
  } catch (error) {
    if (stillRegistering(ctx)) replace(ctx, { view: 'RegisterAccountName' })
    throw error instanceof NamesError ? error : new NamesError('REGISTER_FAILED', { name, cause: error })
  } finally {
    setNames(ctx, { loading: false })
  }
}

/**
 * Whether the modal still shows the registration: its form, or the email wallet's approval its signature
 * opened. The visitor may have closed the modal or gone elsewhere while the wallet or the service answered;
 * the outcome must not then replace the view they are on (the profile name is set all the same).
 */
function stillRegistering(ctx: ModalContext): boolean {
  const { open, router } = ctx.store.get()
  return open && (router.view === 'RegisterAccountName' || router.view === 'ApproveTransaction')
}

/** personal_sign of `text`'s UTF-8 bytes by the connected wallet (the email wallet asks its visitor first). */
async function signText(
  ctx: ModalContext,
  connectorId: string,
  address: string,
  text: string,
): Promise<string> {
  const provider = ctx.adapters.get('eip155')?.getProvider(connectorId)
  if (!provider || !('request' in provider)) throw new WalletError('PROVIDER_NOT_FOUND')
  const signature = await provider.request({
    method: 'personal_sign',
    params: [`0x${bytesToHex(utf8ToBytes(text))}`, address],
  })
  if (typeof signature !== 'string') throw new WalletError('SIGN_MESSAGE_FAILED')
  return signature
}
