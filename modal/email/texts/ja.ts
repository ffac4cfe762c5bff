import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'メールで続行',
  'title.EmailVerifyOtp': 'メールアドレスを確認',
  'title.EmailVerifyDevice': 'デバイスを登録',
  'title.UpdateEmailWallet': 'メールアドレスを変更',
  'title.UpdateEmailPrimaryOtp': '現在のメールアドレスを確認',
  'title.UpdateEmailSecondaryOtp': '新しいメールアドレスを確認',
  'title.ApproveTransaction': '取引を承認',
  label: 'メールアドレス',
  placeholder: 'メールアドレス',
  continue: '続行',
  codeSent: '{email} に送信したコードを入力してください',
  approveDevice: 'このデバイスを承認',
  approveDeviceHint:
    '{email} にリンクを送信しました。リンクを開いてこのデバイスを承認してください。その後、コードをお送りします。',
  retry: '再試行',
  save: '保存',
  update: 'メールアドレスを変更',
  export: 'ウォレットをエクスポート',
  approveInFrame: '安全なウォレットでリクエストを確認し、そちらで承認してください。',
  'title.ConnectingSocial': 'ソーシャルログイン',
  socialLabel: 'ソーシャルログイン',
  continueWith: '{name}で続ける',
  socialWaiting: '開いたウィンドウで{name}へのサインインを完了してください。',
  socialClosed: 'サインインのウィンドウが完了前に閉じられました。',
  farcasterUnavailable: 'このウォレットではまだFarcasterでログインできません。',
}
