import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': '使用邮箱继续',
  'title.EmailVerifyOtp': '验证邮箱',
  'title.EmailVerifyDevice': '注册设备',
  'title.UpdateEmailWallet': '修改邮箱',
  'title.UpdateEmailPrimaryOtp': '验证当前邮箱',
  'title.UpdateEmailSecondaryOtp': '验证新邮箱',
  'title.ApproveTransaction': '批准交易',
  label: '邮箱',
  placeholder: '邮箱',
  continue: '继续',
  codeSent: '请输入我们发送至 {email} 的验证码',
  approveDevice: '批准此设备',
  approveDeviceHint: '我们已向 {email} 发送了一个链接。请打开链接并批准此设备，随后我们会向你发送验证码。',
  retry: '重试',
  save: '保存',
  update: '修改邮箱',
  export: '导出钱包',
  approveInFrame: '请在你的安全钱包中查看此请求，并在那里批准。',
  'title.ConnectingSocial': '社交登录',
  socialLabel: '社交登录',
  continueWith: '使用 {name} 继续',
  socialWaiting: '请在打开的窗口中完成 {name} 登录。',
  socialClosed: '登录窗口在完成前被关闭。',
  farcasterUnavailable: '此钱包尚不支持 Farcaster 登录。',
}
