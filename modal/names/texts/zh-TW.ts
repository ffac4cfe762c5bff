import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Traditional Chinese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': '選擇名稱',
  'names.title.success': '名稱已註冊',
  'names.input.label': '名稱',
  'names.input.placeholder': '輸入名稱',
  'names.available': '可用',
  'names.registered': '已註冊',
  'names.taken': '此名稱已被使用。試試以下名稱：',
  'names.register': '註冊',
  'names.registering': '正在註冊…',
  'names.successHeading': '帳戶名稱設定成功',
  'names.successDetail': '現在你可以用 {name} 取代你的地址。',
  'names.successDone': '返回帳戶',
  'names.choose': '選擇名稱',
  'names.error.TOO_SHORT': '名稱至少需要 4 個字元',
  'names.error.INVALID_CHARACTERS': '只能包含字母、數字和 - 字元',
  'names.error.ALREADY_OWNS': '你已經擁有一個名稱',
  'names.error.INVALID_CHAIN_ID': '無效的 chainId',
  'names.error.RESOLVE_FAILED': '解析名稱時發生錯誤',
  'names.error.SUGGESTIONS_FAILED': '取得名稱建議時發生錯誤',
  'names.error.REVERSE_FAILED': '取得地址的名稱時發生錯誤',
  'names.error.REGISTER_FAILED': '註冊名稱 {name} 時發生錯誤',
  'names.error.NETWORK_NOT_FOUND': '找不到網路',
  'names.error.NO_AUTH_ACCOUNT': '找不到地址或驗證連接器',
  'names.reason.taken': '此名稱已被使用',
  'names.reason.signature': '簽章無效',
  'names.reason.expired': '訊息已過期',
  'names.reason.notFound': '找不到名稱',
}
