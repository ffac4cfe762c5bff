import { useCallback, useRef, useState } from 'react'
import { walletConnectConnectorId } from '../../adapters/walletConnectTransport.js'
import { connect } from '../../controllers/connection.js'
import { closeAfterConnect } from '../../controllers/modal.js'
import type { ViewData } from '../../state/views.js'
import { walletConnectLink } from '../../wallets/deepLink.js'
import type { RegistryWallet } from '../../wallets/types.js'
import { copyText } from '../components/copyText.js'
import { errorMessage } from '../components/errorMessage.js'
import { QrCode, useQrEncoder } from '../components/QrCode.js'
import { Spinner } from '../components/Spinner.js'
import { useAppState, useKit } from '../kitContext.js'
import { useActionOnMount } from '../useAction.js'

/**
 * QR code and link of a fresh WalletConnect proposal, or of the one the app started outside the modal;
 * Refresh makes a new one after expiry or failure. Leaving the view (close, back) withdraws the proposal.
 * A URI the app shows itself (`open({ uri })`) is only displayed: that pairing is the app's.
 */
export function ConnectingWalletConnectView({ data }: { data: Data }) {
  // A pairing started outside the modal while this view shows replaces the one it follows: the new mount
  // leaves the old pairing (withdrawing it) and follows the new one.
  const generation = useGeneration(data?.outside)
  if (data?.byApp) return <AppPairing />
  return <Pairing key={generation} data={data} />
}

type Data = ViewData['ConnectingWalletConnect'] | undefined

/** How many times `value` has changed identity across this component's renders. */
function useGeneration(value: object | undefined): number {
  const seen = useRef({ value, generation: 0 })
  if (seen.current.value !== value) seen.current = { value, generation: seen.current.generation + 1 }
  return seen.current.generation
}

function Pairing({ data }: { data: Data }) {
  const { kit, t } = useKit()
  const configured = useAppState((s) => s.connectors.some((c) => c.id === walletConnectConnectorId))
  const wallet = useAppState((s) => s.wallets.find((w) => w.id === data?.walletId))
  const uri = useAppState((s) => s.wcUri)
  const run = useCallback(
    async (signal: AbortSignal) => {
      const showUri = (wcUri: string | undefined) => kit.context.store.set({ wcUri })
      showUri(undefined)
      // Each URI replaces the last: the engine proposes again on a fresh pairing when one expires.
      await connect(kit.context, { connectorId: walletConnectConnectorId, onUri: showUri, signal })
      closeAfterConnect(kit.context)
    },
    [kit],
  )
  const outside = data?.outside
  const [state, retry] = useActionOnMount(configured ? run : notConfigured, outside?.attempt, outside?.cancel)
  if (!configured) return <p className="muted">{t('wc.notConfigured')}</p>
  return (
    <div className="center" data-testid="walletconnect">
      {state.status === 'error' ? (
        <>
          <p className="error" role="alert">
            {isExpiry(state.error)
              ? t('wc.expired')
              : t('wc.failed', { message: errorMessage(state.error, t) })}
          </p>
          <button type="button" className="primary" onClick={retry}>
            {t('wc.retry')}
          </button>
        </>
      ) : (
        <PairingUri uri={uri} wallet={wallet} />
      )}
    </div>
  )
}

/** The QR code of a pairing the app made itself (`open({ uri })`): the app pairs, and replaces the URI. */
function AppPairing() {
  const uri = useAppState((s) => s.wcUri)
  return (
    <div className="center" data-testid="walletconnect">
      <PairingUri uri={uri} wallet={undefined} />
    </div>
  )
}

/** A pairing URI as a QR code, a wallet's link on mobile, and a copy button; a spinner until there is one. */
function PairingUri({ uri, wallet }: { uri: string | undefined; wallet: RegistryWallet | undefined }) {
  const { kit, t } = useKit()
  const [copied, setCopied] = useState(false)
  const encode = useQrEncoder()
  if (!uri || encode === undefined) return <Spinner label={t('wc.loading')} />
  const link = wallet ? walletConnectLink(wallet, uri) : undefined
  return (
    <>
      {encode ? <QrCode value={uri} label={t('wc.scan')} encode={encode} /> : null}
      <p className="muted">{t('wc.scan')}</p>
      {link && kit.context.isMobile() ? (
        <a className="primary" href={link}>
          {t('wc.openWallet', { name: wallet?.name ?? '' })}
        </a>
      ) : null}
      <button
        type="button"
        className="secondary"
        data-testid="copy-uri"
        onClick={() => void copyText(uri).then(setCopied)}
      >
        {copied ? t('wc.copied') : t('wc.copy')}
      </button>
      {/* Not an output: a live region would read the URI's hundred-odd characters aloud at each refresh. */}
      <code className="uri" data-testid="wc-uri">
        {uri}
      </code>
    </>
  )
}

const notConfigured = () => Promise.resolve()

function isExpiry(error: unknown): boolean {
  return error instanceof Error && /expir/i.test(error.message)
}
