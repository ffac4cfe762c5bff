import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Turkish. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Kripto satın al',
  'onramp.title.inProgress': 'Satın alma sürüyor',
  'onramp.title.activity': 'Satın almalar',
  'onramp.buy': 'Kripto satın al',
  'onramp.amount': 'Tutar ({currency})',
  'onramp.currency': 'Satın aldığınız',
  'onramp.method': 'Ödeme yöntemi',
  'onramp.method.card': 'Kart',
  'onramp.method.ach_bank_account': 'Banka havalesi',
  'onramp.provider': 'Sağlayıcı',
  'onramp.quoting': 'Fiyat teklifi alınıyor…',
  'onramp.youGet': 'Alacağınız {amount} {symbol}',
  'onramp.fees': 'Ücretler {fees} {currency}, ağ {network} {currency}',
  'onramp.continue': 'Ödemeye devam et',
  'onramp.noProviders': 'Bu ağa hizmet veren bir satın alma sağlayıcısı yok',
  'onramp.popupBlocked': 'Ödemeyi açmak için bu sayfada açılır pencerelere izin verin',
  'onramp.inProgress.detail':
    'Satın almayı ödeme penceresinde tamamlayın. Sipariş geldiğinde bu ekran güncellenir.',
  'onramp.inProgress.timeout': '3 dakika içinde sipariş gelmedi. Tekrar deneyin.',
  'onramp.reopen': 'Ödemeyi yeniden aç',
  'onramp.activity.empty': 'Henüz satın alma yok',
  'onramp.status.IN_PROGRESS': 'Sürüyor',
  'onramp.status.SUCCESS': 'Tamamlandı',
  'onramp.status.FAILED': 'Başarısız',
  'onramp.buyAgain': 'Yeniden satın al',
}
