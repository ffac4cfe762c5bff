import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Japanese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': '暗号資産を購入',
  'onramp.title.inProgress': '購入処理中',
  'onramp.title.activity': '購入履歴',
  'onramp.buy': '暗号資産を購入',
  'onramp.amount': '金額（{currency}）',
  'onramp.currency': '購入する通貨',
  'onramp.method': '支払い方法',
  'onramp.method.card': 'カード',
  'onramp.method.ach_bank_account': '銀行振込',
  'onramp.provider': 'プロバイダー',
  'onramp.quoting': '見積もりを取得中…',
  'onramp.youGet': '受け取り額 {amount} {symbol}',
  'onramp.fees': '手数料 {fees} {currency}、ネットワーク {network} {currency}',
  'onramp.continue': '支払いへ進む',
  'onramp.noProviders': 'このネットワークに対応する購入プロバイダーがありません',
  'onramp.popupBlocked': '支払い画面を開くには、このページのポップアップを許可してください',
  'onramp.inProgress.detail':
    '支払いウィンドウで購入を完了してください。注文が届くとこの画面が更新されます。',
  'onramp.inProgress.timeout': '3分以内に注文が届きませんでした。もう一度お試しください。',
  'onramp.reopen': '支払い画面をもう一度開く',
  'onramp.activity.empty': 'まだ購入はありません',
  'onramp.status.IN_PROGRESS': '処理中',
  'onramp.status.SUCCESS': '完了',
  'onramp.status.FAILED': '失敗',
  'onramp.buyAgain': 'もう一度購入',
}
