import { fetchNfts, type Nft } from '../../../api/nfts.js'
import { monogram } from '../../../wallets/monogram.js'
import { withUniqueKeys } from '../../components/withUniqueKeys.js'
import { useAppState, useKit } from '../../kitContext.js'
import { apiImage } from './apiImage.js'
import { type Load, useLoad } from './useLoad.js'

/** The account's NFTs on the active network, loaded from the api when the app configured one. */
export function NftsTab() {
  const { kit } = useKit()
  const { api } = kit
  const address = useAppState((s) => s.account.address)
  const caipNetworkId = useAppState((s) => s.activeNetwork?.caipNetworkId)
  const nfts = useLoad(`${caipNetworkId}:${address}`, () =>
    api && address && caipNetworkId ? fetchNfts(api, { address, caipNetworkId }) : Promise.resolve([]),
  )
  return <NftGrid nfts={nfts} />
}

/** NFTs with their image (or a drawn placeholder), name and collection. */
export function NftGrid({ nfts }: { nfts: Load<Nft[]> }) {
  const { kit, t } = useKit()
  if (nfts.status === 'loading') return <p className="muted">{t('account.loading')}</p>
  if (nfts.status === 'failed')
    return (
      <p className="error" role="alert">
        {t('nfts.failed')}
      </p>
    )
  if (nfts.value.length === 0) return <p className="muted">{t('nfts.empty')}</p>
  return (
    <ul className="nfts" data-testid="nfts">
      {/* fetchNfts cuts a long token id, so two NFTs of a contract may show the same one. */}
      {withUniqueKeys(nfts.value, (nft) => `${nft.contract}:${nft.tokenId}`).map(({ key, item: nft }) => (
        <li key={key} className="nft" data-testid="nft">
          <img
            src={
              apiImage(nft.image, kit.options.apiUrl) ??
              monogram(nft.collection.name || nft.collection.symbol)
            }
            alt=""
            referrerPolicy="no-referrer"
            width={144}
            height={144}
          />
          <span className="name">{nft.name ?? `${nft.collection.name} #${nft.tokenId}`}</span>
          <span className="muted">{nft.collection.name}</span>
        </li>
      ))}
    </ul>
  )
}
