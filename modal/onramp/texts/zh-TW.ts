import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Traditional Chinese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': '購買加密貨幣',
  'onramp.title.inProgress': '購買進行中',
  'onramp.title.activity': '購買紀錄',
  'onramp.buy': '購買加密貨幣',
  'onramp.amount': '金額（{currency}）',
  'onramp.currency': '購買幣種',
  'onramp.method': '付款方式',
  'onramp.method.card': '信用卡',
  'onramp.method.ach_bank_account': '銀行轉帳',
  'onramp.provider': '服務商',
  'onramp.quoting': '正在取得報價…',
  'onramp.youGet': '你將獲得 {amount} {symbol}',
  'onramp.fees': '手續費 {fees} {currency}，網路費 {network} {currency}',
  'onramp.continue': '繼續付款',
  'onramp.noProviders': '沒有服務商支援此網路',
  'onramp.popupBlocked': '請允許此頁面的彈出式視窗以開啟付款頁面',
  'onramp.inProgress.detail': '請在付款視窗中完成購買。訂單送達後此處會更新。',
  'onramp.inProgress.timeout': '3 分鐘內未收到訂單。請再試一次。',
  'onramp.reopen': '重新開啟付款頁面',
  'onramp.activity.empty': '尚無購買紀錄',
  'onramp.status.IN_PROGRESS': '進行中',
  'onramp.status.SUCCESS': '已完成',
  'onramp.status.FAILED': '失敗',
  'onramp.buyAgain': '再次購買',
}
