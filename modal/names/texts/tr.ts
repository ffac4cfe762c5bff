import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Turkish. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'Ad seç',
  'names.title.success': 'Ad kaydedildi',
  'names.input.label': 'Ad',
  'names.input.placeholder': 'Bir ad yazın',
  'names.available': 'Kullanılabilir',
  'names.registered': 'Kayıtlı',
  'names.taken': 'Bu ad alınmış. Bunlardan birini deneyin:',
  'names.register': 'Kaydet',
  'names.registering': 'Kaydediliyor…',
  'names.successHeading': 'Hesap adı başarıyla seçildi',
  'names.successDetail': 'Artık adresiniz yerine {name} adını kullanabilirsiniz.',
  'names.successDone': 'Hesaba dön',
  'names.choose': 'Ad seç',
  'names.error.TOO_SHORT': 'Ad en az 4 karakter olmalıdır',
  'names.error.INVALID_CHARACTERS': 'Yalnızca harf, rakam ve - karakteri içerebilir',
  'names.error.ALREADY_OWNS': 'Zaten bir adınız var',
  'names.error.INVALID_CHAIN_ID': 'Geçersiz chainId',
  'names.error.RESOLVE_FAILED': 'Ad çözümlenirken hata oluştu',
  'names.error.SUGGESTIONS_FAILED': 'Ad önerileri alınırken hata oluştu',
  'names.error.REVERSE_FAILED': 'Adresin adları alınırken hata oluştu',
  'names.error.REGISTER_FAILED': '{name} adı kaydedilirken hata oluştu',
  'names.error.NETWORK_NOT_FOUND': 'Ağ bulunamadı',
  'names.error.NO_AUTH_ACCOUNT': 'Adres veya kimlik doğrulama bağlayıcısı bulunamadı',
  'names.reason.taken': 'Bu ad zaten alınmış',
  'names.reason.signature': 'Geçersiz imza',
  'names.reason.expired': 'Mesajın süresi doldu',
  'names.reason.notFound': 'Ad bulunamadı',
}
