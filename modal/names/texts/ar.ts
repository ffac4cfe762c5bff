import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Arabic. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'names.title.register': 'اختر اسمًا',
  'names.title.success': 'تم تسجيل الاسم',
  'names.input.label': 'الاسم',
  'names.input.placeholder': 'اكتب اسمًا',
  'names.available': 'متاح',
  'names.registered': 'مسجَّل',
  'names.taken': 'هذا الاسم مأخوذ. جرّب أحد هذه الأسماء:',
  'names.register': 'تسجيل',
  'names.registering': 'جارٍ التسجيل…',
  'names.successHeading': 'تم اختيار اسم الحساب بنجاح',
  'names.successDetail': 'يمكنك الآن استخدام {name} بدلًا من عنوانك.',
  'names.successDone': 'العودة إلى الحساب',
  'names.choose': 'اختر اسمًا',
  'names.error.TOO_SHORT': 'يجب أن يتكون الاسم من 4 أحرف على الأقل',
  'names.error.INVALID_CHARACTERS': 'يمكن أن يحتوي فقط على أحرف وأرقام والرمز -',
  'names.error.ALREADY_OWNS': 'أنت تملك اسمًا بالفعل',
  'names.error.INVALID_CHAIN_ID': 'معرّف السلسلة chainId غير صالح',
  'names.error.RESOLVE_FAILED': 'خطأ في تحليل الاسم',
  'names.error.SUGGESTIONS_FAILED': 'خطأ في جلب اقتراحات الأسماء',
  'names.error.REVERSE_FAILED': 'خطأ في جلب أسماء العنوان',
  'names.error.REGISTER_FAILED': 'خطأ في تسجيل الاسم {name}',
  'names.error.NETWORK_NOT_FOUND': 'لم يتم العثور على الشبكة',
  'names.error.NO_AUTH_ACCOUNT': 'لم يتم العثور على العنوان أو موصل المصادقة',
  'names.reason.taken': 'الاسم مأخوذ بالفعل',
  'names.reason.signature': 'توقيع غير صالح',
  'names.reason.expired': 'انتهت صلاحية الرسالة',
  'names.reason.notFound': 'لم يتم العثور على الاسم',
}
