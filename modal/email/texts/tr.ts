import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'E-posta ile Devam Et',
  'title.EmailVerifyOtp': 'E-postayı Onayla',
  'title.EmailVerifyDevice': 'Cihazı Kaydet',
  'title.UpdateEmailWallet': 'E-postayı Düzenle',
  'title.UpdateEmailPrimaryOtp': 'Mevcut E-postayı Onayla',
  'title.UpdateEmailSecondaryOtp': 'Yeni E-postayı Onayla',
  'title.ApproveTransaction': 'İşlemi Onayla',
  label: 'E-posta',
  placeholder: 'E-posta',
  continue: 'Devam et',
  codeSent: '{email} adresine gönderdiğimiz kodu girin',
  approveDevice: 'Bu cihazı onaylayın',
  approveDeviceHint:
    '{email} adresine bir bağlantı gönderdik. Bağlantıyı açıp bu cihazı onaylayın; ardından size bir kod göndereceğiz.',
  retry: 'Tekrar dene',
  save: 'Kaydet',
  update: 'E-postayı güncelle',
  export: 'Cüzdanı dışa aktar',
  approveInFrame: 'İsteği güvenli cüzdanınızda inceleyin ve orada onaylayın.',
  'title.ConnectingSocial': 'Sosyal giriş',
  socialLabel: 'Sosyal giriş',
  continueWith: '{name} ile devam et',
  socialWaiting: '{name} ile girişi açılan pencerede tamamla.',
  socialClosed: 'Giriş penceresi tamamlanmadan kapatıldı.',
  farcasterUnavailable: 'Farcaster ile giriş bu cüzdanda henüz kullanılamıyor.',
}
