import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Japanese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': '名前を選ぶ',
  'names.title.success': '名前を登録しました',
  'names.input.label': '名前',
  'names.input.placeholder': '名前を入力',
  'names.available': '利用可能',
  'names.registered': '登録済み',
  'names.taken': 'この名前は使用されています。次のいずれかをお試しください:',
  'names.register': '登録',
  'names.registering': '登録中…',
  'names.successHeading': 'アカウント名を設定しました',
  'names.successDetail': 'これからはアドレスの代わりに {name} を使えます。',
  'names.successDone': 'アカウントに戻る',
  'names.choose': '名前を選ぶ',
  'names.error.TOO_SHORT': '名前は4文字以上にしてください',
  'names.error.INVALID_CHARACTERS': '使用できるのは英字、数字、- のみです',
  'names.error.ALREADY_OWNS': 'すでに名前を所有しています',
  'names.error.INVALID_CHAIN_ID': '無効な chainId です',
  'names.error.RESOLVE_FAILED': '名前の解決中にエラーが発生しました',
  'names.error.SUGGESTIONS_FAILED': '名前の候補の取得中にエラーが発生しました',
  'names.error.REVERSE_FAILED': 'アドレスの名前の取得中にエラーが発生しました',
  'names.error.REGISTER_FAILED': '名前 {name} の登録中にエラーが発生しました',
  'names.error.NETWORK_NOT_FOUND': 'ネットワークが見つかりません',
  'names.error.NO_AUTH_ACCOUNT': 'アドレスまたは認証コネクタが見つかりません',
  'names.reason.taken': 'この名前はすでに使用されています',
  'names.reason.signature': '無効な署名です',
  'names.reason.expired': 'メッセージの有効期限が切れています',
  'names.reason.notFound': '名前が見つかりません',
}
