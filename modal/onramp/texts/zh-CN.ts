import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Simplified Chinese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': '购买加密货币',
  'onramp.title.inProgress': '购买进行中',
  'onramp.title.activity': '购买记录',
  'onramp.buy': '购买加密货币',
  'onramp.amount': '金额（{currency}）',
  'onramp.currency': '购买币种',
  'onramp.method': '支付方式',
  'onramp.method.card': '银行卡',
  'onramp.method.ach_bank_account': '银行转账',
  'onramp.provider': '服务商',
  'onramp.quoting': '正在获取报价…',
  'onramp.youGet': '你将获得 {amount} {symbol}',
  'onramp.fees': '手续费 {fees} {currency}，网络费 {network} {currency}',
  'onramp.continue': '继续付款',
  'onramp.noProviders': '没有服务商支持此网络',
  'onramp.popupBlocked': '请允许此页面弹出窗口以打开付款页面',
  'onramp.inProgress.detail': '请在付款窗口中完成购买。订单到达后此处会更新。',
  'onramp.inProgress.timeout': '3 分钟内未收到订单。请重试。',
  'onramp.reopen': '重新打开付款页面',
  'onramp.activity.empty': '暂无购买记录',
  'onramp.status.IN_PROGRESS': '进行中',
  'onramp.status.SUCCESS': '已完成',
  'onramp.status.FAILED': '失败',
  'onramp.buyAgain': '再次购买',
}
