import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Simplified Chinese. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': '选择名称',
  'names.title.success': '名称已注册',
  'names.input.label': '名称',
  'names.input.placeholder': '输入名称',
  'names.available': '可用',
  'names.registered': '已注册',
  'names.taken': '该名称已被占用。试试以下名称：',
  'names.register': '注册',
  'names.registering': '正在注册…',
  'names.successHeading': '账户名称设置成功',
  'names.successDetail': '现在你可以用 {name} 代替你的地址。',
  'names.successDone': '返回账户',
  'names.choose': '选择名称',
  'names.error.TOO_SHORT': '名称至少需要 4 个字符',
  'names.error.INVALID_CHARACTERS': '只能包含字母、数字和 - 字符',
  'names.error.ALREADY_OWNS': '你已经拥有一个名称',
  'names.error.INVALID_CHAIN_ID': '无效的 chainId',
  'names.error.RESOLVE_FAILED': '解析名称时出错',
  'names.error.SUGGESTIONS_FAILED': '获取名称建议时出错',
  'names.error.REVERSE_FAILED': '获取地址的名称时出错',
  'names.error.REGISTER_FAILED': '注册名称 {name} 时出错',
  'names.error.NETWORK_NOT_FOUND': '未找到网络',
  'names.error.NO_AUTH_ACCOUNT': '未找到地址或认证连接器',
  'names.reason.taken': '该名称已被占用',
  'names.reason.signature': '签名无效',
  'names.reason.expired': '消息已过期',
  'names.reason.notFound': '未找到名称',
}
