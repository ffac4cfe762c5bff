import { useState } from 'react'
import { copyText } from '../ui/components/copyText.js'
import { QrCode, useQrEncoder } from '../ui/components/QrCode.js'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { receiveStyles } from './receiveStyles.js'
import { sendTexts } from './texts/index.js'

/** VIEW-08: the connected address as text to copy and as a QR code, with the network it is on. */
export function ReceiveView() {
  const { t } = useKit()
  const ft = useFeatureTexts(sendTexts)
  const address = useAppState((s) => s.account.address)
  const network = useAppState((s) => s.activeNetwork)
  const encode = useQrEncoder()
  const [copied, setCopied] = useState(false)
  if (!ft) return <Spinner label={t('modal.loading')} />
  if (!address) return null
  const networkName = network?.name ?? t('button.unknownNetwork')
  return (
    <div className="center" data-testid="receive">
      <style>{receiveStyles}</style>
      <p className="tag" data-testid="receive-network">
        {ft('receive.network', { network: networkName })}
      </p>
      {encode ? (
        <div data-testid="receive-qr">
          <QrCode value={address} label={ft('receive.scan')} encode={encode} />
        </div>
      ) : null}
      <p className="receive-address" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="secondary" onClick={() => void copyText(address).then(setCopied)}>
        {copied ? ft('copied') : ft('copy')}
      </button>
      <p className="muted">{ft('receive.only', { network: networkName })}</p>
    </div>
  )
}
