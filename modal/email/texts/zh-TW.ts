import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': '使用電子郵件繼續',
  'title.EmailVerifyOtp': '驗證電子郵件',
  'title.EmailVerifyDevice': '註冊裝置',
  'title.UpdateEmailWallet': '編輯電子郵件',
  'title.UpdateEmailPrimaryOtp': '驗證目前的電子郵件',
  'title.UpdateEmailSecondaryOtp': '驗證新的電子郵件',
  'title.ApproveTransaction': '核准交易',
  label: '電子郵件',
  placeholder: '電子郵件',
  continue: '繼續',
  codeSent: '請輸入我們傳送至 {email} 的驗證碼',
  approveDevice: '核准此裝置',
  approveDeviceHint: '我們已將連結傳送至 {email}。請開啟連結並核准此裝置，接著我們會傳送驗證碼給你。',
  retry: '重試',
  save: '儲存',
  update: '變更電子郵件',
  export: '匯出錢包',
  approveInFrame: '請在你的安全錢包中檢視此要求，並在該處核准。',
  'title.ConnectingSocial': '社群登入',
  socialLabel: '社群登入',
  continueWith: '使用 {name} 繼續',
  socialWaiting: '請在開啟的視窗中完成 {name} 登入。',
  socialClosed: '登入視窗在完成前被關閉。',
  farcasterUnavailable: '此錢包尚不支援 Farcaster 登入。',
}
